import { z } from 'zod';
import { MAX_TAGS, READINESS_LEVELS } from '#shared/catalog/constants.ts';
import { CanvasModelSchema } from './canvas.ts';

// The operator's editorial queue (decision 0023): templates whose text was generated, whose readiness
// is flagged, or that nobody reviewed yet, most viewed first.

/** A card summary's length limit (decision 0012), as the queue's editor enforces it. */
export const SUMMARY_MAX = 160;

export const EDITORIAL_REASONS = ['generated-title', 'generated-summary', 'flagged', 'unreviewed'] as const;
export type EditorialReason = (typeof EDITORIAL_REASONS)[number];

export const EditorialQuerySchema = z.object({
  /** Only items with this reason; without it, every item still in the queue. */
  reason: z.enum(EDITORIAL_REASONS).optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional().default(1),
});
export type EditorialQuery = z.infer<typeof EditorialQuerySchema>;

export const EditorialItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  tags: z.array(z.string()),
  readiness: z.enum(READINESS_LEVELS),
  /** The first blocking or caveat reason, in the member's words. */
  readinessReason: z.string().nullable(),
  reasons: z.array(z.enum(EDITORIAL_REASONS)),
  views: z.number().int(),
  /** The operator changed title, summary or tags (kept across re-imports). */
  edited: z.boolean(),
  reviewedAt: z.string().nullable(),
});
export type EditorialItem = z.infer<typeof EditorialItemSchema>;

export const EditorialPageSchema = z.object({
  items: z.array(EditorialItemSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Items per reason across the whole queue. */
  counts: z.record(z.string(), z.number().int()),
});
export type EditorialPage = z.infer<typeof EditorialPageSchema>;

export const EditorialDetailSchema = EditorialItemSchema.extend({
  description: z.string(),
  howItWorks: z.string(),
  canvas: CanvasModelSchema,
});
export type EditorialDetail = z.infer<typeof EditorialDetailSchema>;

export const EditorialEditSchema = z
  .object({
    title: z.string().trim().min(1, 'A title is needed.').max(200).optional(),
    summary: z
      .string()
      .trim()
      .min(1, 'A summary is needed.')
      .max(SUMMARY_MAX, `At most ${SUMMARY_MAX} characters.`)
      .optional(),
    tags: z.array(z.string().trim().min(1).max(40)).max(MAX_TAGS).optional(),
    /** Accept (true) or send back to the queue (false). */
    reviewed: z.boolean().optional(),
  })
  .refine((e) => Object.values(e).some((v) => v !== undefined), 'Nothing to change.');
export type EditorialEdit = z.infer<typeof EditorialEditSchema>;

export const CatalogSettingsSchema = z.object({ guides: z.enum(['show', 'hide']) });
export type CatalogSettings = z.infer<typeof CatalogSettingsSchema>;

export const EditorialCsvResultSchema = z.object({
  updated: z.number().int(),
  unchanged: z.number().int(),
  /** Row problems, each with its line number. */
  errors: z.array(z.string()),
});
export type EditorialCsvResult = z.infer<typeof EditorialCsvResultSchema>;

/** A CSV as exported (id, title, summary, tags, reviewed), edited in a spreadsheet. */
export const EditorialCsvSchema = z.object({ csv: z.string().min(1).max(1_000_000) });

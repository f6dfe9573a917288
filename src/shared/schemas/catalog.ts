import { z } from 'zod';
import { DIFFICULTIES, SORTS } from '#shared/catalog/constants.ts';

// Member catalogue API shapes (search, AI agents, one automation, related, by author) and the
// paywall-safe preview for everyone else.

const commaList = z
  .string()
  .max(2_000)
  .transform((s) =>
    s
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean)
      .slice(0, 15),
  );

export const CatalogSearchQuerySchema = z.object({
  q: z.string().max(1_000, 'Search terms can be at most 1,000 characters.').optional().default(''),
  chips: commaList.optional().default([]),
  sort: z.enum(SORTS).optional().default('newest'),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(20),
});
export type CatalogSearchQuery = z.infer<typeof CatalogSearchQuerySchema>;

export const AutomationCardSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  tags: z.array(z.string()),
  integrations: z.array(z.string()),
  author: z.string(),
  source: z.string(),
  rating: z.number().nullable(),
  ratingCount: z.number().int(),
  runs: z.number().int(),
  createdAt: z.string(),
  hasVideo: z.boolean(),
  thumbnailUrl: z.string().nullable(),
  hasTemplate: z.boolean(),
  hasResources: z.boolean(),
  deployable: z.boolean(),
  nodeCount: z.number().int(),
});
export type AutomationCard = z.infer<typeof AutomationCardSchema>;

export const CatalogSearchResponseSchema = z.object({
  items: z.array(AutomationCardSchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Matches per category for the current search (before chips). */
  categoryCounts: z.record(z.string(), z.number().int()),
  /** Matches per filter chip for the current search (before chips). */
  chipCounts: z.record(z.string(), z.number().int()),
});
export type CatalogSearchResponse = z.infer<typeof CatalogSearchResponseSchema>;

export const AiAgentsResponseSchema = z.object({
  items: z.array(AutomationCardSchema),
  /** Agents matching the search (all of them without one); `stats` always describes every agent. */
  total: z.number().int(),
  stats: z.object({ count: z.number().int(), totalRuns: z.number().int(), avgRating: z.number() }),
});
export type AiAgentsResponse = z.infer<typeof AiAgentsResponseSchema>;

export const CanvasNodeSchema = z.object({
  name: z.string(),
  type: z.string(),
  position: z.tuple([z.number(), z.number()]),
  /** Sticky-note text only; other parameters never leave the server for non-members. */
  note: z.string().optional(),
});

export const AutomationPreviewSchema = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string(),
  category: z.string(),
  difficulty: z.enum(DIFFICULTIES),
  integrations: z.array(z.string()),
  nodeCount: z.number().int(),
  deployable: z.boolean(),
  hasVideo: z.boolean(),
  canvas: z.object({
    nodes: z.array(CanvasNodeSchema),
    /** Source node name → target node names, main connections only. */
    connections: z.array(z.object({ from: z.string(), to: z.string() })),
  }),
});
export type AutomationPreview = z.infer<typeof AutomationPreviewSchema>;

export const AutomationDetailSchema = AutomationCardSchema.extend({
  description: z.string(),
  howItWorks: z.string(),
  setupSteps: z.array(z.string()),
  credentials: z.array(z.object({ type: z.string(), name: z.string(), nodes: z.array(z.string()) })),
  triggerType: z.string(),
  videoUrl: z.string().nullable(),
  videoId: z.string().nullable(),
  thumbnails: z
    .object({ default: z.string(), hq: z.string(), mq: z.string(), maxres: z.string() })
    .nullable(),
  templateUrl: z.string().nullable(),
  resourceUrl: z.string().nullable(),
  workflowJson: z.record(z.string(), z.unknown()).nullable(),
  /** The spec's config text: template_url, resource_url, source, hasVideo. */
  config: z.string(),
});
export type AutomationDetail = z.infer<typeof AutomationDetailSchema>;

export const AutomationListResponseSchema = z.object({ items: z.array(AutomationCardSchema) });

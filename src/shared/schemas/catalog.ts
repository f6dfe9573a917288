import { z } from 'zod';
import { DIFFICULTIES, READINESS_LEVELS, SEARCH_SORTS } from '#shared/catalog/constants.ts';
import { VerificationBadgeSchema, VerificationDetailSchema } from './verification.ts';

// Member catalogue API shapes (search, AI agents, one automation, related, by author). Everyone else
// gets the server's paywall-safe template page (src/server/site/catalogue).

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
  /** Default: relevance with a query, newest without. */
  sort: z.enum(SEARCH_SORTS).optional(),
  /** Integration facet: workflows using every one of these. */
  integrations: commaList.optional().default([]),
  /** "My stack": with stackMode `only`, workflows using nothing else; `any`, at least one of them. */
  stack: z
    .string()
    .max(4_000)
    .transform((s) =>
      s
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean)
        .slice(0, 100),
    )
    .optional()
    .default([]),
  stackMode: z.enum(['only', 'any']).optional().default('any'),
  /** Only templates that passed every check tried on a real n8n (decision 0018). */
  verified: z
    .enum(['1', 'true', '0', 'false'])
    .transform((v) => v === '1' || v === 'true')
    .optional()
    .default(false),
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
  /** Readiness by graph (decision 0023): only "ready" is one-click; a guide has no workflow. */
  readiness: z.enum(READINESS_LEVELS).optional(),
  nodeCount: z.number().int(),
  /** Workflows with the same node types and wiring, this one included (only when more than one). */
  variants: z.number().int().optional(),
  /** Its check on a real n8n, while the file is unchanged (absent: never verified). */
  verification: VerificationBadgeSchema.optional(),
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
  /** The sort applied (relevance when there is a query and no sort was asked for). */
  sort: z.enum(SEARCH_SORTS),
  /** The most used integrations among the matches (before the integration and stack filters). */
  integrationCounts: z.array(z.object({ name: z.string(), count: z.number().int() })),
  /** On zero results: the query with misspelt words replaced by the nearest indexed words. */
  didYouMean: z.string().nullable(),
});
export type CatalogSearchResponse = z.infer<typeof CatalogSearchResponseSchema>;

export const AiAgentsResponseSchema = z.object({
  items: z.array(AutomationCardSchema),
  /** Agents matching the search (all of them without one); `stats` always describes every agent. */
  total: z.number().int(),
  stats: z.object({ count: z.number().int(), totalRuns: z.number().int(), avgRating: z.number() }),
});
export type AiAgentsResponse = z.infer<typeof AiAgentsResponseSchema>;

export const QualityFlagsSchema = z.object({
  deployRefusal: z.string().nullable(),
  missingNodes: z.array(z.string()),
  repaired: z.array(z.object({ written: z.string(), actual: z.string() })),
  duplicateNames: z.array(z.string()),
  communityNodes: z.array(z.string()),
  incompleteWiring: z.boolean(),
  /** Readiness by graph (decision 0023); absent on rows derived before it. */
  readiness: z
    .object({
      level: z.enum(READINESS_LEVELS),
      flags: z.array(
        z.object({
          code: z.string(),
          severity: z.enum(['blocks', 'caveat', 'note']),
          message: z.string(),
          nodes: z.array(z.string()),
        }),
      ),
    })
    .optional(),
});

export const AutomationDetailSchema = AutomationCardSchema.extend({
  description: z.string(),
  /** What the template is for (decision 0022); `author` when taken from the author's own note. */
  purpose: z.string(),
  purposeSource: z.enum(['author', 'generated']).nullable(),
  /** Generated steps, one per line (decision 0012). */
  howItWorks: z.string(),
  /** The workflow's sticky notes as Markdown, for members only; render sanitised. */
  authorNotes: z.array(z.string()),
  /** Member activity, each kind counted and labelled on its own ("runs" would claim real executions). */
  usage: z.object({
    deploys: z.number().int(),
    copies: z.number().int(),
    downloads: z.number().int(),
    views: z.number().int(),
  }),
  quality: QualityFlagsSchema.nullable(),
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
  /** Its check on a real n8n with the failure reason, or null when never verified as it is now. */
  n8nVerification: VerificationDetailSchema.nullable(),
  /**
   * What keeps it from publishing on n8n 2.x that the set-up wizard cannot fix (removed, turned-off
   * or community nodes, the author's sub-workflows), for the table release named; null without a workflow.
   */
  publishBlockers: z
    .object({
      release: z.string(),
      issues: z.array(
        z.object({ code: z.string(), nodes: z.array(z.string()), type: z.string(), message: z.string() }),
      ),
    })
    .nullable(),
});
export type AutomationDetail = z.infer<typeof AutomationDetailSchema>;

export const AutomationListResponseSchema = z.object({ items: z.array(AutomationCardSchema) });

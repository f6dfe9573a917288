import { z } from 'zod';

// Public catalogue figures for the landing page: totals only, never workflow JSON or parameters.
// Served by the catalogue feature; read by the public site.

/** GET /api/catalog/counters */
export const CatalogCountersSchema = z.object({
  totalWorkflows: z.number().int().nonnegative(),
  /** Counts per source name (for example "vault", "3000", "library"). */
  perSource: z.record(z.string(), z.number().int().nonnegative()),
  categories: z.number().int().nonnegative(),
  integrations: z.number().int().nonnegative(),
  /** ISO time of the last import, or null before the first one. */
  lastUpdated: z.string().nullable(),
});
export type CatalogCounters = z.infer<typeof CatalogCountersSchema>;

/**
 * GET /api/catalog/trending?limit=6: the most used published automations by real member events, or,
 * below a minimum of real activity, the newest ones (`ranking: 'new'`, labelled "New in the library").
 */
export const TrendingItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  summary: z.string(),
  category: z.string(),
  difficulty: z.enum(['Beginner', 'Intermediate', 'Advanced']),
  runs: z.number().int().nonnegative(),
  integrations: z.array(z.string()),
  hasVideo: z.boolean(),
});
export type TrendingItem = z.infer<typeof TrendingItemSchema>;
export const TrendingResponseSchema = z.object({
  ranking: z.enum(['trending', 'new']),
  items: z.array(TrendingItemSchema),
});
export type TrendingResponse = z.infer<typeof TrendingResponseSchema>;

/**
 * "Trending" needs real activity: at least this many templates used (copied, downloaded or deployed by
 * members) at least `TRENDING_MIN_USES` times each; only those are ranked. Below it, a fresh import would
 * top a "trending" list of zeros.
 */
export const TRENDING_MIN_TEMPLATES = 3;
export const TRENDING_MIN_USES = 3;

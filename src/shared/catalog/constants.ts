// Catalogue constants from the spec (part 1 §3, §9; part 2 §2, §5).

export const CATEGORIES = [
  'AI & Automation',
  'Data Processing',
  'Content Creation',
  'Integrations',
  'Workflows',
  'AI Memory & RAG',
  'Business Process',
  'General Automation',
] as const;
export type Category = (typeof CATEGORIES)[number];

export const DIFFICULTIES = ['Beginner', 'Intermediate', 'Advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** The search filter tags (chips), spec part 1 §9. */
export const FILTER_TAGS = [
  'ai-automation',
  'data-processing',
  'content-creation',
  'integrations',
  'workflows',
  'ai-memory-rag',
  'business-process',
  'general-automation',
  'openai',
  'telegram',
  'google',
  'video',
  'podcast',
  'parallel',
  'agent',
] as const;
export type FilterTag = (typeof FILTER_TAGS)[number];

export const MAX_TAGS = 8;

export const SORTS = ['newest', 'oldest', 'popular', 'alphabetical'] as const;
export type CatalogSort = (typeof SORTS)[number];
/** Member search sorts: "relevance" first, the default when there is a query (issue 16). */
export const SEARCH_SORTS = ['relevance', ...SORTS] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
/** How many integrations the search facet shows before its own search box. */
export const INTEGRATION_FACET_SIZE = 30;

/** The spec's two source tables, plus files imported without a manifest row. */
export const SOURCE_VAULT = 'vault';
export const SOURCE_3000 = '3000';
export const DEFAULT_FILE_SOURCE = 'library';

/** Author of every "3000" row (spec part 1 §3). */
export const COMMUNITY_AUTHOR = 'Community';
/** Rating of a "3000" row without a score. */
export const DEFAULT_3000_RATING = 4;

/** Files above this many executable nodes (sticky notes not counted) are skipped on import. */
export const MAX_IMPORT_NODES = 200;

/**
 * Readiness of a template by its graph (decision 0023): ready deploys as it is; caveats deploys once the
 * member acts (community package, placeholder); blocked cannot be deployed; guide has no workflow.
 */
export const READINESS_LEVELS = ['ready', 'caveats', 'blocked', 'guide'] as const;
export type ReadinessLevel = (typeof READINESS_LEVELS)[number];

/** A card's level; rows stored before levels existed have only `deployable`. */
export function readinessOf(card: {
  readiness?: ReadinessLevel | undefined;
  deployable: boolean;
}): ReadinessLevel {
  return card.readiness ?? (card.deployable ? 'ready' : 'blocked');
}

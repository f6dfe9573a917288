import type { Database } from '#server/db/client.ts';
import type { CatalogReads } from '#server/search/index.ts';
import { selectActivity, selectCatalogVersion, selectIndexRows } from './catalog.queries.ts';
import { selectVerificationBadges } from './verification-store.ts';

/** The catalogue queries the search index reads (search/index.ts takes them as a dependency). */
export function catalogReads(db: Database): CatalogReads {
  return {
    version: () => selectCatalogVersion(db),
    rows: () => selectIndexRows(db),
    activity: () => selectActivity(db),
    badges: () => selectVerificationBadges(db),
  };
}

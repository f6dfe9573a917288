import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/catalog/catalog.queries.ts';
import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import { CLAIM_FALLBACK, type ClaimFigures, claimFigures } from '#shared/claims.ts';

// The live figures behind every library-size and integration-count claim (decision 0016): published
// templates and the distinct integrations they use, read once and again after each catalogue change.

export type ClaimSource = {
  /** The current figures; the spec's fallback only while the catalogue cannot be read. */
  current(): Promise<ClaimFigures>;
};

/** Published templates and the distinct integrations among them (the same set the live counters count). */
export async function selectClaimCounts(db: Database): Promise<{ workflows: number; integrations: number }> {
  const [row] = rowsOf<{ workflows: number | string; integrations: number | string }>(
    await db.execute(sql`select
      (select count(*) from automations where published) as workflows,
      (select count(distinct name) from automations, jsonb_array_elements_text(integrations) as name
        where published) as integrations`),
  );
  return { workflows: Number(row?.workflows ?? 0), integrations: Number(row?.integrations ?? 0) };
}

/** After a failed read, the fallback is served this long before the catalogue is asked again. */
const RETRY_MS = 30_000;

export function createClaimSource(deps: {
  db: Database;
  bus: EventBus;
  log?: Logger;
  now?: () => number;
}): ClaimSource {
  const now = deps.now ?? Date.now;
  let figures: ClaimFigures | undefined;
  let stale = true;
  let retryAt = 0;
  let loading: Promise<ClaimFigures> | undefined;

  deps.bus.subscribe('catalog.changed', () => {
    stale = true;
  });

  const load = () => {
    loading ??= (async () => {
      stale = false;
      try {
        figures = claimFigures(await selectClaimCounts(deps.db));
      } catch (error) {
        stale = true;
        retryAt = now() + RETRY_MS;
        deps.log?.warn(
          { err: error },
          'claims: the catalogue could not be read; pages keep the last figures',
        );
      }
      return figures ?? CLAIM_FALLBACK;
    })().finally(() => {
      loading = undefined;
    });
    return loading;
  };

  return {
    async current() {
      if (!stale) return figures ?? CLAIM_FALLBACK;
      if (now() < retryAt) return figures ?? CLAIM_FALLBACK;
      return load();
    },
  };
}

/** Fixed figures: a site served without a database (tests of the site alone). */
export const fixedClaims = (figures: ClaimFigures = CLAIM_FALLBACK): ClaimSource => ({
  current: async () => figures,
});

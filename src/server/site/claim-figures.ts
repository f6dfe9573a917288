import { sql } from 'drizzle-orm';
import { rowsOf } from '#server/catalog/catalog.queries.ts';
import type { Database } from '#server/db/client.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import { CLAIM_FALLBACK, type ClaimCounts, type ClaimFigures, claimFigures } from '#shared/claims.ts';

// The live figures behind every claim a page makes (decision 0016): published templates and the distinct
// integrations they use, and the use figures (paying members, downloads, deploys; shown from a floor up).
// Read once, again after each catalogue change, and at least every 10 minutes (payments and member
// activity move the use figures without changing the catalogue).

export type ClaimSource = {
  /** The current figures; the spec's fallback only while the catalogue cannot be read. */
  current(): Promise<ClaimFigures>;
};

/**
 * Published templates and the distinct integrations among them (the same set the live counters count);
 * paying members who are not operators; members' downloads and deploys.
 */
export async function selectClaimCounts(db: Database): Promise<ClaimCounts> {
  const [row] = rowsOf<Record<keyof ClaimCounts, number | string>>(
    await db.execute(sql`select
      (select count(*) from automations where published) as workflows,
      (select count(distinct name) from automations, jsonb_array_elements_text(integrations) as name
        where published) as integrations,
      (select count(*) from profiles p join users u on u.id = p.user_id
        where p.has_paid and u.role <> 'admin') as members,
      (select count(*) from automation_events where kind = 'download') as downloads,
      (select count(*) from automation_events where kind = 'deploy') as deploys`),
  );
  const n = (key: keyof ClaimCounts) => Number(row?.[key] ?? 0);
  return {
    workflows: n('workflows'),
    integrations: n('integrations'),
    members: n('members'),
    downloads: n('downloads'),
    deploys: n('deploys'),
  };
}

/** After a failed read, the fallback is served this long before the catalogue is asked again. */
const RETRY_MS = 30_000;
/** The use figures move without a catalogue change: read again on the first request after this. */
const MAX_AGE_MS = 10 * 60_000;

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
  let loadedAt = 0;
  let loading: Promise<ClaimFigures> | undefined;

  deps.bus.subscribe('catalog.changed', () => {
    stale = true;
  });

  const load = () => {
    loading ??= (async () => {
      stale = false;
      try {
        loadedAt = now();
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
      if (!stale && now() - loadedAt < MAX_AGE_MS) return figures ?? CLAIM_FALLBACK;
      if (now() < retryAt) return figures ?? CLAIM_FALLBACK;
      return load();
    },
  };
}

/** Fixed figures: a site served without a database (tests of the site alone). */
export const fixedClaims = (figures: ClaimFigures = CLAIM_FALLBACK): ClaimSource => ({
  current: async () => figures,
});

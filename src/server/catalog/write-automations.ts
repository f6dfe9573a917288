import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database, DbHandle } from '#server/db/client.ts';
import { automations, catalogImportStaging, workflowStats } from '#server/db/schema/catalog.ts';
import { rowsOf } from './catalog.queries.ts';
import type { CopyColumn, CopyKind } from './copy-record.ts';
import type { AutomationRow, Stored } from './prepare-automation.ts';

// The importer's write step: rows in batches (COPY or upsert), the staged rows published at the end,
// and the catalogue's counters.

export type ImportDatabase = Pick<DbHandle, 'db' | 'driver' | 'pglite' | 'pool'>;
const columns = Object.entries(getTableColumns(automations));

/** What is stored for these ids (content hash and creation date), for one batch. */
export async function storedFor(database: ImportDatabase, ids: string[]): Promise<Map<string, Stored>> {
  const out = new Map<string, Stored>();
  if (ids.length === 0) return out;
  const rows = await database.db
    .select({
      id: automations.id,
      hash: automations.contentHash,
      createdAt: automations.createdAt,
      deployOverride: automations.deployOverride,
    })
    .from(automations)
    .where(inArray(automations.id, ids));
  for (const row of rows) out.set(row.id, { ...row });
  return out;
}

/** New rows in a batch: as row objects (upserted), or as their binary COPY records (embedded). */
export type NewRows = { rows: AutomationRow[]; copy: Uint8Array<ArrayBuffer>[] };

/** Whether new rows go in with COPY: on the embedded database (PostgreSQL takes the upsert). */
export const usesCopy = (database: Pick<DbHandle, 'driver' | 'pglite'>) =>
  database.driver === 'pglite' && database.pglite !== undefined;

/**
 * Writes one batch. New rows on the embedded database go in with one COPY (PGlite encodes query
 * parameters in JavaScript, which made row inserts the slowest part of a large import); changed rows,
 * and every row on PostgreSQL, go through an upsert in one transaction.
 */
export async function writeAutomations(
  database: ImportDatabase,
  fresh: NewRows,
  changed: AutomationRow[],
  /** `staging`: an operator import's rows, published by publishStaged (same columns, same records). */
  target: 'automations' | 'staging' = 'automations',
) {
  const table = target === 'staging' ? catalogImportStaging : automations;
  if (fresh.copy.length > 0) {
    if (!usesCopy(database)) throw new Error('COPY records for a database that takes rows');
    const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
    const tableName = target === 'staging' ? 'catalog_import_staging' : 'automations';
    await database.pglite!.query(`copy ${tableName} (${names}) from '/dev/blob' with (format binary)`, [], {
      blob: new CopyInput([COPY_HEADER, ...fresh.copy, COPY_TRAILER]),
    });
  }
  const rows = [...fresh.rows, ...changed];
  if (rows.length === 0) return;
  await database.db.transaction(async (tx) => {
    await tx.insert(table).values(rows).onConflictDoUpdate({ target: table.id, set: excludedSet() });
  });
}

/**
 * Moves the staged rows of an operator import into the catalogue inside the caller's transaction
 * (a re-import keeps the published flag and deploy override, as writeAutomations does) and empties
 * the staging table. Returns how many rows moved.
 */
export async function publishStaged(tx: Database): Promise<number> {
  const names = columns.map(([, c]) => `"${c.name}"`).join(', ');
  const updates = columns
    .filter(([, c]) => c.name !== 'id' && c.name !== 'published' && c.name !== 'deploy_override')
    .map(([, c]) => `"${c.name}" = excluded."${c.name}"`)
    .join(', ');
  const moved = await tx.execute(
    sql.raw(
      `insert into automations (${names}) select ${names} from catalog_import_staging on conflict (id) do update set ${updates}`,
    ),
  );
  // Emptied in one step (a delete scanned and marked every row it had just copied).
  await tx.execute(sql`truncate ${catalogImportStaging}`);
  return (
    (moved as { rowCount?: number; affectedRows?: number }).rowCount ??
    (moved as { affectedRows?: number }).affectedRows ??
    0
  );
}

/** Empties the staging table (the rows of an import that died before publishing). */
export async function discardStaged(database: Pick<DbHandle, 'db'>): Promise<void> {
  await database.db.delete(catalogImportStaging);
}

/** `set` for an upsert: every column from the incoming row. */
function excludedSet() {
  return Object.fromEntries(
    // A re-import keeps the operator's published flag and deploy override.
    columns
      .filter(([, c]) => c.name !== 'id' && c.name !== 'published' && c.name !== 'deploy_override')
      .map(([key, c]) => [key, sql.raw(`excluded."${c.name}"`)]),
  );
}

/** The binary COPY encodings of the automations' columns, by SQL type (copy-record.ts writes them). */
const COPY_KINDS: Record<string, CopyKind> = {
  text: 'text',
  jsonb: 'jsonb',
  integer: 'integer',
  boolean: 'boolean',
  real: 'real',
  'timestamp with time zone': 'timestamptz',
  // The one bytea column is the stored workflow (`compressedJson`), packed as stored-workflow.ts does.
  bytea: 'workflow',
};
/**
 * The automations' columns in table order, as the import's workers write them (plain data: the
 * workers take it with each batch and do not load drizzle). Checked once, at load: a new column of
 * another type, or a second bytea column, fails every import at once, with its name.
 */
export const copyColumns: readonly CopyColumn[] = columns.map(([key, c]) => {
  const kind = COPY_KINDS[c.getSQLType()];
  if (!kind || (kind === 'workflow' && c.name !== 'workflow_json'))
    throw new Error(`binary COPY has no encoding for ${c.name} (${c.getSQLType()})`);
  return { key, kind };
});

/**
 * A batch's COPY input, as PGlite reads it (`await blob.arrayBuffer()`): its records joined once and
 * handed over as they are. A `Blob` made from the parts copied them twice (into the Blob, then out
 * again), several MB a batch that V8 counts against the writing thread's heap (decision 0011).
 */
class CopyInput extends Blob {
  readonly #bytes: ArrayBuffer;
  constructor(parts: Uint8Array[]) {
    super([]);
    const bytes = new Uint8Array(parts.reduce((n, p) => n + p.byteLength, 0));
    let at = 0;
    for (const part of parts) {
      bytes.set(part, at);
      at += part.byteLength;
    }
    this.#bytes = bytes.buffer;
  }
  override get size() {
    return this.#bytes.byteLength;
  }
  override arrayBuffer() {
    return Promise.resolve(this.#bytes);
  }
}

/** What a binary COPY starts and ends with around its tuples (signature, flags, header extension). */
const COPY_HEADER = Buffer.concat([Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(8)]);
const COPY_TRAILER = Buffer.from([0xff, 0xff]);

/**
 * A new workflow_stats row after each import; last_updated moves only when something changed. Guides
 * (items without a workflow) are not templates and are not counted (decision 0023).
 */
export async function writeStats(database: { db: Database }, now: Date, changed: boolean) {
  const { db } = database;
  const [counts] = rowsOf<{ total: number; youtube: number; reddit: number; skool: number }>(
    await db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where video_url is not null)::int as youtube,
        count(*) filter (where video_url is null and resource_url ilike '%reddit.com%')::int as reddit,
        count(*) filter (where video_url is null and resource_url ilike '%skool.com%')::int as skool
      from automations where published and workflow_json is not null`),
  );
  const perSourceRows = rowsOf<{ source: string; n: number }>(
    await db.execute(
      sql`select source, count(*)::int as n from automations where published and workflow_json is not null group by source`,
    ),
  );
  const [previous] = await db
    .select({ lastUpdated: workflowStats.lastUpdated })
    .from(workflowStats)
    .orderBy(sql`${workflowStats.createdAt} desc, ${workflowStats.id} desc`)
    .limit(1);
  const lastUpdated = changed || !previous ? now : previous.lastUpdated;
  const c = counts ?? { total: 0, youtube: 0, reddit: 0, skool: 0 };
  await db.insert(workflowStats).values({
    totalWorkflows: c.total,
    youtubeWorkflows: c.youtube,
    redditWorkflows: c.reddit,
    skoolWorkflows: c.skool,
    otherWorkflows: c.total - c.youtube - c.reddit - c.skool,
    perSource: Object.fromEntries(perSourceRows.map((r) => [r.source, r.n])),
    createdAt: now,
    lastUpdated,
  });
  return { total: c.total, lastUpdated };
}

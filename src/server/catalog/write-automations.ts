import { getTableColumns, inArray, sql } from 'drizzle-orm';
import type { Database, DbHandle } from '#server/db/client.ts';
import { automations, catalogImportStaging, workflowStats } from '#server/db/schema/catalog.ts';
import { rowsOf } from './catalog.queries.ts';
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
  await tx.delete(catalogImportStaging);
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

/** The binary COPY encodings the importer writes, by the column's SQL type. */
type CopyKind = 'text' | 'jsonb' | 'integer' | 'boolean' | 'real' | 'timestamptz' | 'bytea';
const COPY_KINDS: Record<string, CopyKind> = {
  text: 'text',
  jsonb: 'jsonb',
  integer: 'integer',
  boolean: 'boolean',
  real: 'real',
  'timestamp with time zone': 'timestamptz',
  bytea: 'bytea',
};
// Checked once, at load: a new column of another type fails every import at once, with its name.
const copyColumns = columns.map(([key, c]) => {
  const kind = COPY_KINDS[c.getSQLType()];
  if (!kind) throw new Error(`binary COPY has no encoding for ${c.name} (${c.getSQLType()})`);
  return { key, column: c, kind };
});

type Field = { kind: CopyKind; value: unknown };

/**
 * One row as a tuple of PostgreSQL's binary COPY format: a field count, then each field's length and
 * bytes (-1 for null). Binary, not text: the compressed workflow goes in as its bytes instead of twice
 * as many hex digits, and nothing is escaped here or parsed back in WebAssembly (decision 0011).
 * Values come from each column's own drizzle mapping, as inserts use it (jsonb as JSON text, the
 * workflow compressed); dates are written as the column's microseconds.
 */
export function copyRecord(row: AutomationRow): Uint8Array {
  const record = row as Record<string, unknown>;
  const fields = copyColumns.map(({ key, column, kind }): Field | null => {
    const value = record[key];
    if (value == null) return null;
    return { kind, value: kind === 'timestamptz' ? value : column.mapToDriverValue(value) };
  });
  let size = 2;
  for (const f of fields) size += 4 + (f ? fieldSize(f) : 0);
  const out = Buffer.allocUnsafe(size);
  let at = out.writeInt16BE(fields.length, 0);
  for (const f of fields) {
    const start = at + 4;
    const end = f ? writeField(out, f, start) : start;
    out.writeInt32BE(f ? end - start : -1, at);
    at = end;
  }
  return out;
}

/** Bytes of a field's value (the length before it not counted). */
function fieldSize({ kind, value }: Field): number {
  switch (kind) {
    case 'text':
      return Buffer.byteLength(value as string);
    case 'jsonb':
      return 1 + Buffer.byteLength(value as string);
    case 'bytea':
      return (value as Uint8Array).byteLength;
    case 'boolean':
      return 1;
    case 'timestamptz':
      return 8;
    default:
      return 4;
  }
}

/** Milliseconds from 1970 to PostgreSQL's epoch, 2000-01-01 UTC. */
const PG_EPOCH_MS = Date.UTC(2000, 0, 1);

/** Writes a field's value at `at`; returns where it ends. */
function writeField(out: Buffer, { kind, value }: Field, at: number): number {
  switch (kind) {
    case 'text':
      return at + out.write(value as string, at);
    case 'jsonb':
      // jsonb's binary form: a version byte, then the JSON text.
      return at + 1 + out.write(value as string, out.writeUInt8(1, at));
    case 'bytea':
      out.set(value as Uint8Array, at);
      return at + (value as Uint8Array).byteLength;
    case 'boolean':
      return out.writeUInt8(value ? 1 : 0, at);
    case 'integer':
      return out.writeInt32BE(value as number, at);
    case 'real':
      return out.writeFloatBE(value as number, at);
    case 'timestamptz':
      // Microseconds since 2000 (the columns hold milliseconds).
      return out.writeBigInt64BE(BigInt((value as Date).getTime() - PG_EPOCH_MS) * 1000n, at);
  }
}

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

/** A new workflow_stats row after each import; last_updated moves only when something changed. */
export async function writeStats(database: { db: Database }, now: Date, changed: boolean) {
  const { db } = database;
  const [counts] = rowsOf<{ total: number; youtube: number; reddit: number; skool: number }>(
    await db.execute(sql`
      select count(*)::int as total,
        count(*) filter (where video_url is not null)::int as youtube,
        count(*) filter (where video_url is null and resource_url ilike '%reddit.com%')::int as reddit,
        count(*) filter (where video_url is null and resource_url ilike '%skool.com%')::int as skool
      from automations where published`),
  );
  const perSourceRows = rowsOf<{ source: string; n: number }>(
    await db.execute(sql`select source, count(*)::int as n from automations where published group by source`),
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

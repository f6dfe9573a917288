import { packWorkflowJson } from '#server/db/stored-workflow.ts';

// One automation row as a tuple of PostgreSQL's binary COPY format, written by the import's workers.
// Plain functions of plain data: the column list comes from the schema on the writing thread
// (`copyColumns` in write-automations.ts), so a worker never loads drizzle-orm, whose ~108 modules
// cost each thread ~0.3 s and ~150 MB of garbage in Node's package.json reader (decision 0011).

/** How a column's value is written: by its SQL type, and `workflow` for the stored workflow (bytea). */
export type CopyKind = 'text' | 'jsonb' | 'integer' | 'boolean' | 'real' | 'timestamptz' | 'workflow';
/** A column of the table, in table order: the row's key and how its value is written. */
export type CopyColumn = { key: string; kind: CopyKind };

type Field = { kind: CopyKind; value: unknown };

/**
 * A field count, then each field's length and bytes (-1 for null). Binary, not text: the compressed
 * workflow goes in as its bytes instead of twice as many hex digits, and nothing is escaped here or
 * parsed back in WebAssembly (decision 0011). Values are mapped as drizzle maps them for inserts
 * (jsonb as JSON text, the workflow packed as stored-workflow.ts does; the pinned row digests in
 * tests/server/catalog-import-rows.test.ts hold both paths to it); dates as microseconds since 2000.
 */
export function copyRecord(row: Record<string, unknown>, columns: readonly CopyColumn[]): Uint8Array {
  const fields = columns.map(({ key, kind }): Field | null => {
    const value = row[key];
    if (value == null) return null;
    if (kind === 'jsonb') return { kind, value: JSON.stringify(value) };
    if (kind === 'workflow') return { kind, value: packWorkflowJson(value as string) };
    return { kind, value };
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
    case 'workflow':
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
    case 'workflow':
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

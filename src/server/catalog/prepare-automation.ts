import { createHash } from 'node:crypto';
import { COMMUNITY_AUTHOR } from '#shared/catalog/constants.ts';
import { DERIVE_VERSION, deriveAutomation, describeQuality } from '#shared/catalog/derive-automation.ts';
import { parseWorkflowText } from '#shared/catalog/parse-workflow.ts';
import { repairWiring } from '#shared/catalog/wiring.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import type { automations } from '../db/schema/catalog.ts';
import { type CopyColumn, copyRecord } from './copy-record.ts';
import { type InputFile, readBytes } from './read-input.ts';

// One import candidate → its stored row: read the file, hash it, and (when new or changed) parse and
// derive. Plain data in and out, so it runs in the import worker thread or inline alike.

export type Candidate = {
  id: string;
  source: string;
  /** Where to point a report: the file, else the manifest row. */
  path: string;
  /** Set for manifest rows ("manifest row 3"). */
  where?: string;
  /** What besides the file bytes goes into the content hash (the manifest row, or the source). */
  hashInput: unknown;
  file?: InputFile;
  title?: string;
  description?: string;
  author?: string;
  videoUrl: string | null;
  resourceUrl: string | null;
  templateUrl: string | null;
  sourceRating: number | null;
  /** Explicit creation date (vault date_posted); else the workflow's createdAt, else first import. */
  createdAt: Date | null;
};

export type Stored = { hash: string; createdAt: Date; deployOverride: boolean };
export type AutomationRow = typeof automations.$inferInsert;
export type Prepared =
  | { kind: 'unchanged' }
  /** `bad`: why the file was refused (reported); `row` is null when nothing can be written. */
  | {
      kind: 'row';
      bad?: string;
      /** Left out for a new row sent as COPY bytes (`copy`: where its line is in the batch's bytes). */
      row?: AutomationRow;
      copy?: { start: number; end: number };
      templateOnly: boolean;
      /** Quality flags in words (missing or repaired wiring, duplicate names, community nodes). */
      flags: string[];
    }
  | { kind: 'bad'; bad?: string };

export function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

const UTF8 = new TextDecoder();

function hashOf(row: unknown, bytes: Uint8Array | undefined): string {
  const h = createHash('sha256')
    .update(DERIVE_VERSION)
    .update('\0')
    .update(JSON.stringify(row ?? null))
    .update('\0');
  if (bytes) h.update(bytes);
  return h.digest('hex');
}

export function prepareAutomation(
  c: Candidate,
  before: Stored | undefined,
  context: { now: Date; sourceOrder: number },
): Prepared {
  const { now, sourceOrder } = context;
  let bytes: Uint8Array | undefined;
  let bad: string | undefined;
  if (c.file) {
    try {
      bytes = readBytes(c.file);
    } catch (error) {
      bad = `could not be read (${error instanceof Error ? error.message : String(error)})`;
    }
  }
  const hash = hashOf(c.hashInput, bytes);
  if (before && before.hash === hash) return { kind: 'unchanged' };
  let workflow: WorkflowJson | null = null;
  if (bytes) {
    const result = parseWorkflowText(UTF8.decode(bytes), bytes.byteLength);
    if (result.ok) workflow = result.workflow;
    else bad = result.reason;
  }
  // A file-only candidate whose file is bad is reported; a manifest row needs a file or a template.
  if (!workflow && (!c.where || !c.templateUrl)) return { kind: 'bad', bad };
  const d = deriveAutomation({
    workflow,
    fileName: c.file?.path,
    title: c.title,
    description: c.description,
    deployOverride: before?.deployOverride,
  });
  const meta = workflow?.meta as { author?: unknown } | undefined;
  const metaAuthor = typeof meta?.author === 'string' && meta.author.trim() ? meta.author.trim() : undefined;
  const row: AutomationRow = {
    id: c.id,
    source: c.source,
    ...d,
    author: c.author ?? metaAuthor ?? COMMUNITY_AUTHOR,
    videoUrl: c.videoUrl,
    resourceUrl: c.resourceUrl,
    templateUrl: c.templateUrl,
    workflowJson: workflow ? JSON.stringify(repairWiring(workflow, d.quality?.repaired ?? [])) : null,
    // A re-import keeps the operator's override (the upsert leaves the column alone; COPY rows are new).
    deployOverride: before?.deployOverride ?? false,
    sourceOrder,
    sourceRating: c.sourceRating,
    filePath: workflow ? (c.file?.path ?? null) : null,
    contentHash: hash,
    published: true,
    createdAt: c.createdAt ?? parseDate(workflow?.createdAt) ?? before?.createdAt ?? now,
    updatedAt: now,
  };
  const flags = d.quality ? describeQuality(d.quality) : [];
  return { kind: 'row', bad, row, templateOnly: !workflow, flags };
}

/** `sourceOrder`: the candidate's place in the whole import (equal dates keep the source's order). */
export type PrepareRequest = {
  items: { candidate: Candidate; before?: Stored; sourceOrder: number }[];
  now: Date;
  /** New rows go in by COPY (the embedded database): the table's columns, to send them as COPY bytes. */
  copy?: readonly CopyColumn[];
};

/** A prepared batch; `copyBytes` holds the binary COPY records of its new rows, end to end. */
export type PreparedResults = { results: Prepared[]; copyBytes?: Uint8Array<ArrayBuffer> };

/**
 * Prepares a batch. With `copy`, each new row becomes its binary COPY record here, written into one
 * buffer the worker hands over without copying: the writing thread neither receives nor joins the
 * rows' text (a workflow's JSON used to cross threads twice, as the row and as its line).
 */
export function prepareBatch(request: PrepareRequest): PreparedResults {
  const records: { bytes: Uint8Array; at: number }[] = [];
  let size = 0;
  const results = request.items.map((item): Prepared => {
    const prepared = prepareAutomation(item.candidate, item.before, {
      now: request.now,
      sourceOrder: item.sourceOrder,
    });
    if (!request.copy || item.before || prepared.kind !== 'row' || !prepared.row) return prepared;
    const bytes = copyRecord(prepared.row, request.copy);
    records.push({ bytes, at: size });
    const copy = { start: size, end: size + bytes.byteLength };
    size = copy.end;
    const { row: _sent, ...rest } = prepared;
    return { ...rest, copy };
  });
  if (records.length === 0) return { results };
  const copyBytes = new Uint8Array(size);
  for (const record of records) copyBytes.set(record.bytes, record.at);
  return { results, copyBytes };
}

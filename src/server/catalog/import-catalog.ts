import { createHash } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { Database, DbHandle } from '#server/db/client.ts';
import { workflowStats } from '#server/db/schema/catalog.ts';
import { type EventBus, processBus, publishEverywhere } from '#server/realtime/event-bus.ts';
import { slugify } from '#shared/catalog/classify.ts';
import {
  COMMUNITY_AUTHOR,
  DEFAULT_3000_RATING,
  DEFAULT_FILE_SOURCE,
  SOURCE_3000,
  SOURCE_VAULT,
} from '#shared/catalog/constants.ts';
import { v3000Id } from '#shared/catalog/search-rules.ts';
import { rowsOf } from './catalog.queries.ts';
import {
  type AutomationRow,
  type Candidate,
  type Prepared,
  type PrepareRequest,
  parseDate,
  prepareBatch,
} from './prepare-automation.ts';
import {
  type InputFile,
  type ManifestRow,
  parseManifest,
  readInputFiles,
  readManifestFile,
  sizeOf,
} from './read-input.ts';
import { discardStaged, publishStaged, storedFor, writeAutomations } from './write-automations.ts';

/** Files read, derived and written per batch (at most, and at most BATCH_BYTES of input unless one file is larger): memory stays flat whatever the import's size. */
const BATCH_SIZE = 500;
const BATCH_BYTES = 16 * 1024 * 1024;

export type SkippedItem = { path: string; reason: string };
/** An imported item with quality flags (missing or repaired wiring, duplicate names, community nodes). */
export type FlaggedItem = { path: string; id: string; flags: string[] };
export type ImportReport = {
  /** Workflow files looked at (each is imported, updated, unchanged or skipped). */
  filesHandled: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: SkippedItem[];
  flagged: FlaggedItem[];
  /** Automations written or kept from manifest rows without a workflow file. */
  templateOnly: number;
  /** Published automations in the catalogue after the import. */
  total: number;
  durationMs: number;
};

export type ImportOptions = {
  database: Pick<DbHandle, 'db' | 'driver' | 'pglite' | 'pool'>;
  files: InputFile[];
  manifestRows?: ManifestRow[];
  /** Source name for files no manifest row names. */
  source?: string;
  bus?: EventBus;
  now?: () => Date;
  onProgress?: (done: number, total: number) => void;
  /** Files per batch (tests make it small). */
  batchSize?: number;
  /** After each batch is written: files handled so far and rows written by this batch. */
  onBatch?: (progress: { handled: number; written: number }) => void | Promise<void>;
  /**
   * Operator imports: rows go to the staging table and reach members in one transaction at the end,
   * which also runs `publish` (the import row's final state), so a crash shows all or nothing.
   */
  staged?: { publish(tx: Database, report: ImportReport): Promise<void> };
};

const given = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

const baseName = (p: string) => (p.split('/').pop() ?? p).replace(/\.json$/i, '');
const normalisePath = (p: string) => p.replace(/\\/g, '/').replace(/^\.\//, '');

/** Reads a folder, file or zip (and an optional manifest) and imports it. */
export async function importCatalogPath(
  options: Omit<ImportOptions, 'files' | 'manifestRows'> & { target: string; manifestPath?: string },
): Promise<ImportReport> {
  const input = readInputFiles(options.target);
  const manifestFile = options.manifestPath ? readManifestFile(options.manifestPath) : input.manifest;
  const manifestRows = manifestFile ? parseManifest(manifestFile) : undefined;
  return importCatalog({ ...options, files: input.files, manifestRows });
}

/**
 * Imports workflow files and manifest rows. One bad file or row is reported and skipped; an
 * unchanged file (same content hash) is left alone; a changed one updates its automation in place.
 */
export async function importCatalog(options: ImportOptions): Promise<ImportReport> {
  const started = performance.now();
  const now = (options.now ?? (() => new Date()))();
  const skipped: SkippedItem[] = [];
  const seenIds = new Set<string>();
  const candidates: Candidate[] = [];
  const byPath = new Map(options.files.map((f) => [normalisePath(f.path), f]));
  const byBase = new Map<string, InputFile>();
  for (const f of options.files) if (!byBase.has(baseName(f.path))) byBase.set(baseName(f.path), f);
  const claimed = new Set<InputFile>();

  // 1. Manifest rows: the spec's two sources.
  (options.manifestRows ?? []).forEach((row, index) => {
    const where = `manifest row ${index + 1}`;
    const source = given(row.source);
    if (source !== SOURCE_VAULT && source !== SOURCE_3000) {
      skipped.push({
        path: where,
        reason: `unknown source "${row.source ?? ''}" (expected "vault" or "3000")`,
      });
      return;
    }
    const rawId = source === SOURCE_VAULT ? given(row.id) : given(row.name) && v3000Id(row.name!);
    if (!rawId) {
      skipped.push({
        path: where,
        reason: source === SOURCE_VAULT ? 'vault row without an id' : '3000 row without a name',
      });
      return;
    }
    const fileRef = given(row.file);
    const file = fileRef
      ? (byPath.get(normalisePath(fileRef)) ?? byBase.get(baseName(fileRef)))
      : source === SOURCE_VAULT
        ? byBase.get(rawId)
        : undefined;
    if (fileRef && !file)
      skipped.push({ path: fileRef, reason: `${where} names a file that is not in the import` });
    if (file) claimed.add(file);
    const score = Number.parseFloat(row.score ?? '');
    candidates.push({
      id: source === SOURCE_VAULT ? slugify(rawId) || rawId : rawId,
      source,
      path: file?.path ?? where,
      where,
      hashInput: row,
      file,
      title: source === SOURCE_VAULT ? given(row.title) : given(row.name),
      description: given(row.description),
      author: source === SOURCE_VAULT ? given(row.creator) : COMMUNITY_AUTHOR,
      videoUrl: source === SOURCE_VAULT ? (given(row.youtube_url) ?? null) : null,
      resourceUrl: given(row.resource_url) ?? null,
      templateUrl: given(row.template_url) ?? null,
      sourceRating:
        source === SOURCE_3000
          ? Number.isFinite(score)
            ? Math.min(5, Math.max(0, score))
            : DEFAULT_3000_RATING
          : null,
      createdAt: source === SOURCE_VAULT ? parseDate(row.date_posted) : null,
    });
  });

  // 2. Files no row names: automations with derived fields only. Ids come from the base name.
  const fileSource = given(options.source) ?? DEFAULT_FILE_SOURCE;
  const usedIds = new Set(candidates.map((c) => c.id));
  for (const file of options.files) {
    if (claimed.has(file)) continue;
    let id = slugify(baseName(file.path)) || 'workflow';
    if (usedIds.has(id)) id = `${id}-${createHash('sha256').update(file.path).digest('hex').slice(0, 8)}`;
    usedIds.add(id);
    candidates.push({
      id,
      source: fileSource,
      path: file.path,
      hashInput: { source: fileSource },
      file,
      videoUrl: null,
      resourceUrl: null,
      templateUrl: null,
      sourceRating: null,
      createdAt: null,
    });
  }

  // 3. In batches: read each file and compare its hash with what is stored (unchanged files are not
  //    parsed); parse, derive and write new and changed rows. A worker thread prepares the next
  //    batch while this one is written.
  const batchSize = options.batchSize ?? BATCH_SIZE;
  const prepare = candidates.length > batchSize ? workerPrepare() : inlinePrepare;
  const flagged: FlaggedItem[] = [];
  let imported = 0;
  let updated = 0;
  let unchanged = 0;
  let templateOnly = 0;
  let handled = 0;
  let written = 0;
  const tick = (c: Candidate) => {
    if (c.file) options.onProgress?.(++handled, options.files.length);
  };
  const ends = batchEnds(candidates, batchSize);
  const start = async (batch: number) => {
    const first = batch === 0 ? 0 : ends[batch - 1]!;
    const slice = candidates.slice(first, ends[batch]);
    const stored = await storedFor(
      options.database,
      slice.map((c) => c.id),
    );
    const items = slice.map((candidate, i) => ({
      candidate,
      before: stored.get(candidate.id),
      sourceOrder: first + i,
    }));
    return { items, results: await prepare({ items, now }) };
  };
  if (options.staged) await discardStaged(options.database);
  try {
    let next = ends.length > 0 ? start(0) : undefined;
    for (let batch = 0; next; batch++) {
      const { items, results } = await next;
      next = batch + 1 < ends.length ? start(batch + 1) : undefined;
      // Keep the promise handled while this batch is written; it is awaited on the next turn.
      next?.catch(() => {});
      const fresh: { row: AutomationRow; line: string }[] = [];
      const changedRows: AutomationRow[] = [];
      for (const [i, { candidate: c, before }] of items.entries()) {
        const r = results[i]!;
        const duplicate = { path: c.path, reason: `duplicate id "${c.id}" in this import` };
        if (r.kind === 'unchanged') {
          tick(c);
          if (seenIds.has(c.id)) skipped.push(duplicate);
          else {
            seenIds.add(c.id);
            unchanged++;
            if (!c.file) templateOnly++;
          }
          continue;
        }
        if (r.bad && c.file) skipped.push({ path: c.file.path, reason: r.bad });
        tick(c);
        if (r.kind === 'bad') {
          if (c.where)
            skipped.push({
              path: c.where,
              reason: `"${c.id}" has no usable workflow file and no template_url`,
            });
          continue;
        }
        if (seenIds.has(c.id)) {
          skipped.push(duplicate);
          continue;
        }
        seenIds.add(c.id);
        if (r.templateOnly) templateOnly++;
        if (r.flags.length) flagged.push({ path: c.path, id: c.id, flags: r.flags });
        if (before) updated++;
        else imported++;
        if (before) changedRows.push(r.row);
        else fresh.push({ row: r.row, line: r.line });
      }
      await writeAutomations(
        options.database,
        fresh,
        changedRows,
        options.staged ? 'staging' : 'automations',
      );
      written += fresh.length + changedRows.length;
      await options.onBatch?.({ handled, written: fresh.length + changedRows.length });
    }
  } finally {
    await prepare.close?.();
  }

  const changed = written > 0;
  const report = (total: number): ImportReport => ({
    filesHandled: options.files.length,
    imported,
    updated,
    unchanged,
    skipped,
    flagged,
    templateOnly,
    total,
    durationMs: Math.round(performance.now() - started),
  });
  const staged = options.staged;
  // Rows, counters and the import's own row change together: members see the old or the new catalogue.
  const { stats, result } = staged
    ? await options.database.db.transaction(async (tx) => {
        await publishStaged(tx);
        const stats = await writeStats({ db: tx }, now, changed);
        const result = report(stats.total);
        await staged.publish(tx, result);
        return { stats, result };
      })
    : await writeStats(options.database, now, changed).then((stats) => ({
        stats,
        result: report(stats.total),
      }));
  await publishEverywhere(options.database, options.bus ?? processBus, 'catalog.changed', {
    lastUpdated: stats.lastUpdated.toISOString(),
    changed,
    total: stats.total,
  });
  return result;
}

/** Where each batch ends: at `size` candidates, or earlier once their files hold BATCH_BYTES. */
function batchEnds(candidates: Candidate[], size: number): number[] {
  const ends: number[] = [];
  let count = 0;
  let bytes = 0;
  candidates.forEach((c, i) => {
    const fileBytes = c.file ? sizeOf(c.file) : 0;
    if (count > 0 && (count === size || bytes + fileBytes > BATCH_BYTES)) {
      ends.push(i);
      count = 0;
      bytes = 0;
    }
    count++;
    bytes += fileBytes;
  });
  if (count > 0) ends.push(candidates.length);
  return ends;
}

type PrepareFn = ((request: PrepareRequest) => Promise<Prepared[]>) & { close?: () => Promise<unknown> };

const inlinePrepare: PrepareFn = async (request) => prepareBatch(request);

/** Prepares batches in a worker thread, one request at a time. */
function workerPrepare(): PrepareFn {
  const worker = new Worker(new URL('./import-worker.ts', import.meta.url), {
    // A bounded heap makes the worker collect as it goes (without it the garbage of every parsed batch
    // piled up to hundreds of MB); batches are capped in bytes so one always fits.
    resourceLimits: { maxOldGenerationSizeMb: 256 },
  });
  const run: PrepareFn = (request) =>
    new Promise((resolve, reject) => {
      const done = () => {
        worker.off('message', onMessage);
        worker.off('error', onError);
      };
      const onMessage = (m: { ok: true; results: Prepared[] } | { ok: false; message: string }) => {
        done();
        if (m.ok) resolve(m.results);
        else reject(new Error(m.message));
      };
      const onError = (error: Error) => {
        done();
        reject(error);
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage(request);
    });
  run.close = () => worker.terminate();
  return run;
}

/**
 * After an operator edit or publish change: new stats (counters skip unpublished items) and a
 * catalog.changed event, so every process rebuilds its search index.
 */
export async function catalogEdited(
  database: Pick<DbHandle, 'db' | 'driver' | 'pglite' | 'pool'>,
  bus?: EventBus,
) {
  const stats = await writeStats(database, new Date(), true);
  await publishEverywhere(database, bus ?? processBus, 'catalog.changed', {
    lastUpdated: stats.lastUpdated.toISOString(),
    changed: true,
  });
}

/** A new workflow_stats row after each import; last_updated moves only when something changed. */
async function writeStats(database: { db: Database }, now: Date, changed: boolean) {
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

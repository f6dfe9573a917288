import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '#server/db/client.ts';
import { automations, workflowStats } from '#server/db/schema/catalog.ts';
import { type EventBus, processBus, publishEverywhere } from '#server/realtime/event-bus.ts';
import { slugify } from '#shared/catalog/classify.ts';
import {
  COMMUNITY_AUTHOR,
  DEFAULT_3000_RATING,
  DEFAULT_FILE_SOURCE,
  SOURCE_3000,
  SOURCE_VAULT,
} from '#shared/catalog/constants.ts';
import { deriveAutomation } from '#shared/catalog/derive-automation.ts';
import { parseWorkflowText } from '#shared/catalog/parse-workflow.ts';
import { v3000Id } from '#shared/catalog/search-rules.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import { rowsOf } from './catalog.queries.ts';
import {
  type InputFile,
  type ManifestRow,
  parseManifest,
  readInputFiles,
  readManifestFile,
} from './read-input.ts';

/** Bump when a derivation rule changes, so the next import re-derives every automation. */
const DERIVE_VERSION = '2';
const BATCH_SIZE = 250;

export type SkippedItem = { path: string; reason: string };
export type ImportReport = {
  /** Workflow files looked at (each is imported, updated, unchanged or skipped). */
  filesHandled: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: SkippedItem[];
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
};

type Candidate = {
  id: string;
  source: string;
  /** Where to point a report: the file, else the manifest row. */
  path: string;
  /** Set for manifest rows ("manifest row 3"). */
  where?: string;
  hash: string;
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

const given = (value: string | undefined) => (value && value.trim() !== '' ? value.trim() : undefined);

function parseDate(value: unknown): Date | null {
  if (typeof value !== 'string' || !value.trim()) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function hashOf(row: unknown, bytes: Uint8Array | undefined): string {
  const h = createHash('sha256')
    .update(DERIVE_VERSION)
    .update('\0')
    .update(JSON.stringify(row ?? null))
    .update('\0');
  if (bytes) h.update(bytes);
  return h.digest('hex');
}

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
  const { db } = options.database;
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
      hash: hashOf(row, file?.bytes),
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
      hash: hashOf({ source: fileSource }, file.bytes),
      file,
      videoUrl: null,
      resourceUrl: null,
      templateUrl: null,
      sourceRating: null,
      createdAt: null,
    });
  }

  // 3. Compare hashes with what is stored (unchanged files are not even parsed); parse, derive and
  //    write new and changed rows in batches, one transaction per batch.
  const existing = new Map<string, { hash: string; createdAt: Date }>();
  const stored = await db
    .select({ id: automations.id, hash: automations.contentHash, createdAt: automations.createdAt })
    .from(automations);
  for (const row of stored) existing.set(row.id, { hash: row.hash, createdAt: row.createdAt });

  let imported = 0;
  let updated = 0;
  let unchanged = 0;
  let templateOnly = 0;
  let handled = 0;
  let written = 0;
  const batch: (typeof automations.$inferInsert)[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const rows = batch.splice(0);
    written += rows.length;
    await db.transaction(async (tx) => {
      await tx
        .insert(automations)
        .values(rows)
        .onConflictDoUpdate({ target: automations.id, set: excludedSet() });
    });
  };
  const tick = (c: Candidate) => {
    if (c.file) options.onProgress?.(++handled, options.files.length);
  };

  for (const c of candidates) {
    const before = existing.get(c.id);
    if (before && before.hash === c.hash) {
      unchanged++;
      if (!c.file) templateOnly++;
      tick(c);
      continue;
    }
    let workflow: WorkflowJson | null = null;
    if (c.file) {
      const result = parseWorkflowText(new TextDecoder().decode(c.file.bytes), c.file.bytes.byteLength);
      if (result.ok) workflow = result.workflow;
      else skipped.push({ path: c.file.path, reason: result.reason });
    }
    tick(c);
    if (!workflow && (!c.where || !c.templateUrl)) {
      // A file-only candidate whose file is bad was reported above; a row needs a file or a template.
      if (c.where)
        skipped.push({ path: c.where, reason: `"${c.id}" has no usable workflow file and no template_url` });
      continue;
    }
    if (seenIds.has(c.id)) {
      skipped.push({ path: c.path, reason: `duplicate id "${c.id}" in this import` });
      continue;
    }
    seenIds.add(c.id);
    if (!workflow) templateOnly++;
    if (before) updated++;
    else imported++;
    const d = deriveAutomation({
      workflow,
      fileName: c.file?.path,
      title: c.title,
      description: c.description,
    });
    const meta = workflow?.meta as { author?: unknown } | undefined;
    const metaAuthor =
      typeof meta?.author === 'string' && meta.author.trim() ? meta.author.trim() : undefined;
    batch.push({
      id: c.id,
      source: c.source,
      ...d,
      author: c.author ?? metaAuthor ?? COMMUNITY_AUTHOR,
      videoUrl: c.videoUrl,
      resourceUrl: c.resourceUrl,
      templateUrl: c.templateUrl,
      workflowJson: workflow ? JSON.stringify(workflow) : null,
      sourceRating: c.sourceRating,
      filePath: workflow ? (c.file?.path ?? null) : null,
      contentHash: c.hash,
      published: true,
      createdAt: c.createdAt ?? parseDate(workflow?.createdAt) ?? before?.createdAt ?? now,
      updatedAt: now,
    });
    if (batch.length >= BATCH_SIZE) await flush();
  }
  await flush();

  const changed = written > 0;
  const stats = await writeStats(options.database, now, changed);
  await publishEverywhere(options.database, options.bus ?? processBus, 'catalog.changed', {
    lastUpdated: stats.lastUpdated.toISOString(),
    changed,
    total: stats.total,
  });

  return {
    filesHandled: options.files.length,
    imported,
    updated,
    unchanged,
    skipped,
    templateOnly,
    total: stats.total,
    durationMs: Math.round(performance.now() - started),
  };
}

/** `set` for an upsert: every column from the incoming row. */
function excludedSet() {
  const columns = Object.values(automations).filter(
    (v): v is typeof automations.id =>
      typeof v === 'object' && v !== null && 'name' in v && 'columnType' in v,
  );
  return Object.fromEntries(
    // A re-import keeps the operator's published flag (an unpublished item stays unpublished).
    columns
      .filter((c) => c.name !== 'id' && c.name !== 'published')
      .map((c) => [toCamel(c.name), sql.raw(`excluded."${c.name}"`)]),
  );
}
const toCamel = (s: string) => s.replace(/_([a-z])/g, (_m, ch: string) => ch.toUpperCase());

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
async function writeStats(database: Pick<DbHandle, 'db'>, now: Date, changed: boolean) {
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

import type { Database } from '#server/db/client.ts';
import { type EventBus, processBus, publishEverywhere } from '#server/realtime/event-bus.ts';
import { applyEditorial } from './apply-editorial.ts';
import { type PrepareWorkers, preparedBatches } from './import-batches.ts';
import { planCandidates } from './import-candidates.ts';
import { classifyBatch, type FlaggedItem, newTally, type SkippedItem } from './import-classify.ts';
import {
  type InputFile,
  type ManifestRow,
  parseManifest,
  readInputFiles,
  readManifestFile,
} from './read-input.ts';
import { recordTemplateVersions } from './versions.ts';
import {
  discardStaged,
  type ImportDatabase,
  publishStaged,
  writeAutomations,
  writeStats,
} from './write-automations.ts';

// The catalogue importer, in steps: read the input (read-input.ts), plan the candidates from manifest
// rows and files (import-candidates.ts), read and parse them batch by batch (import-batches.ts,
// prepare-automation.ts), count each batch (import-classify.ts) and write it (write-automations.ts).

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
  database: ImportDatabase;
  files: InputFile[];
  manifestRows?: ManifestRow[];
  /** Source name for files no manifest row names. */
  source?: string;
  bus?: EventBus;
  now?: () => Date;
  onProgress?: (done: number, total: number) => void;
  /** Files per batch (tests make it small). */
  batchSize?: number;
  /** Worker threads started (and closed) by the caller; without them the import starts its own. */
  workers?: PrepareWorkers;
  /** After each batch is written: files handled so far and rows written by this batch. */
  onBatch?: (progress: { handled: number; written: number }) => void | Promise<void>;
  /**
   * Operator imports: rows go to the staging table and reach members in one transaction at the end,
   * which also runs `publish` (the import row's final state), so a crash shows all or nothing.
   */
  staged?: {
    /** Awaited before the publishing transaction (writes outside it would wait for it: PGlite has one connection). */
    settled?(): Promise<unknown>;
    publish(tx: Database, report: ImportReport): Promise<void>;
  };
};

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
  const { database, staged } = options;
  const { candidates, skipped } = planCandidates(options);
  const tally = newTally(skipped);
  const total = options.files.length;
  const onFile = options.onProgress && ((handled: number) => options.onProgress?.(handled, total));

  if (staged) await discardStaged(database);
  for await (const batch of preparedBatches(
    { database, workers: options.workers },
    { candidates, batchSize: options.batchSize, now },
  )) {
    const { fresh, changed } = classifyBatch(tally, { ...batch, onFile });
    await writeAutomations(database, fresh, changed, staged ? 'staging' : 'automations');
    const written = fresh.rows.length + fresh.copy.length + changed.length;
    await options.onBatch?.({ handled: tally.handled, written });
  }

  const changed = tally.written > 0;
  const report = (catalogueTotal: number): ImportReport => ({
    filesHandled: total,
    imported: tally.imported,
    updated: tally.updated,
    unchanged: tally.unchanged,
    skipped: tally.skipped,
    flagged: tally.flagged,
    templateOnly: tally.templateOnly,
    total: catalogueTotal,
    durationMs: Math.round(performance.now() - started),
  });
  // Rows, counters and the import's own row change together: members see the old or the new catalogue.
  await staged?.settled?.();
  const { stats, result } = staged
    ? await database.db.transaction(async (tx) => {
        await publishStaged(tx);
        await applyEditorial(tx); // the operator's text survives the re-import (decision 0023)
        await recordTemplateVersions(tx, now);
        const stats = await writeStats({ db: tx }, now, changed);
        const result = report(stats.total);
        await staged.publish(tx, result);
        return { stats, result };
      })
    : await applyEditorial(database.db)
        .then(() => recordTemplateVersions(database.db, now))
        .then(() => writeStats(database, now, changed))
        .then((stats) => ({ stats, result: report(stats.total) }));
  await publishEverywhere(database, options.bus ?? processBus, 'catalog.changed', {
    lastUpdated: stats.lastUpdated.toISOString(),
    changed,
    total: stats.total,
  });
  return result;
}

/**
 * After an operator edit or publish change: new stats (counters skip unpublished items) and a
 * catalog.changed event, so every process rebuilds its search index.
 */
export async function catalogEdited(database: ImportDatabase, bus?: EventBus) {
  const stats = await writeStats(database, new Date(), true);
  await publishEverywhere(database, bus ?? processBus, 'catalog.changed', {
    lastUpdated: stats.lastUpdated.toISOString(),
    changed: true,
  });
}

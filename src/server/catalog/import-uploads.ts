import { desc, eq } from 'drizzle-orm';
import type { DbHandle } from '#server/db/client.ts';
import { catalogImports } from '#server/db/schema/admin.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Logger } from '#server/lib/logger.ts';
import { type EventBus, processBus } from '#server/realtime/event-bus.ts';
import { followProgress, isFinished, progressReporter } from '#server/realtime/operator-progress.ts';
import type { CatalogImport, CatalogImportStatus, ImportSummary } from '#shared/schemas/admin.ts';
import { type InputFile, type ManifestRow, parseManifest, unzip, ZipTooLargeError } from './read-input.ts';

// Catalogue imports from the operator's side: an upload read into files and manifest rows, and the
// import's row and live progress as the console shows them (the job itself: import-jobs.ts).

export type CatalogAdminDeps = {
  database: Pick<DbHandle, 'db' | 'driver' | 'pglite' | 'pool'>;
  bus?: EventBus;
  log?: Logger;
};

export const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
const MANIFEST_NAMES = /^manifest\.(json|csv)$/i;

/**
 * Turns the uploaded files (ZIPs, workflow JSON files, one manifest.json / manifest.csv) into the
 * importer's input. A manifest is recognised by its name, inside a ZIP or on its own.
 */
export function readUpload(uploads: { name: string; bytes: Uint8Array }[]): {
  files: InputFile[];
  manifestRows?: ManifestRow[];
} {
  const files: InputFile[] = [];
  let manifest: InputFile | undefined;
  for (const upload of uploads) {
    let entries: InputFile[] = [{ path: upload.name, bytes: upload.bytes }];
    if (/\.zip$/i.test(upload.name)) {
      try {
        entries = unzip(upload.bytes);
      } catch (error) {
        throw new AppError(error instanceof ZipTooLargeError ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST', {
          userMessage: `${upload.name}: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
    }
    for (const entry of entries) {
      if (MANIFEST_NAMES.test(entry.path)) {
        if (manifest) throw new AppError('BAD_REQUEST', { userMessage: 'Upload one manifest at a time.' });
        manifest = entry;
      } else if (/\.json$/i.test(entry.path)) files.push(entry);
    }
  }
  if (files.length === 0 && !manifest) {
    throw new AppError('BAD_REQUEST', {
      userMessage: 'Nothing to import: upload a ZIP, workflow .json files or a manifest.',
    });
  }
  let manifestRows: ManifestRow[] | undefined;
  if (manifest) {
    try {
      manifestRows = parseManifest(manifest);
    } catch (error) {
      throw new AppError('BAD_REQUEST', {
        userMessage: `The manifest could not be read: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
  return { files: files.sort((a, b) => a.path.localeCompare(b.path)), manifestRows };
}

export function toImport(row: typeof catalogImports.$inferSelect): CatalogImport {
  return {
    id: row.id,
    actorEmail: row.actorEmail,
    fileName: row.fileName,
    status: row.status as CatalogImportStatus,
    done: row.done,
    total: row.total,
    summary: (row.summary as ImportSummary | null) ?? null,
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}

export async function getImport(deps: CatalogAdminDeps, id: string): Promise<CatalogImport> {
  const [row] = await deps.database.db.select().from(catalogImports).where(eq(catalogImports.id, id));
  if (!row) throw new AppError('NOT_FOUND', { userMessage: 'No such import.' });
  return toImport(row);
}

/** An import's progress on the event bus: 'operator.progress' with this task and the row's id. */
export const IMPORT_TASK = 'catalog-import';

export function importProgress(deps: CatalogAdminDeps, id: string) {
  return progressReporter(
    {
      database: deps.database,
      bus: deps.bus ?? processBus,
      onError: (error) => deps.log?.warn({ err: error, importId: id }, 'publishing import progress failed'),
    },
    { task: IMPORT_TASK, id },
  );
}

/**
 * One import as the console follows it: its row now, then its progress from the event bus (nothing
 * read from the database meanwhile), then its final row (with the summary) once. NOT_FOUND is thrown
 * here, before a stream starts.
 */
export async function watchImport(deps: CatalogAdminDeps, id: string) {
  const feed = followProgress(deps.bus ?? processBus, { task: IMPORT_TASK, id });
  let row: CatalogImport;
  try {
    row = await getImport(deps, id);
  } catch (error) {
    feed.close();
    throw error;
  }
  async function* states(): AsyncGenerator<CatalogImport> {
    yield row;
    if (isFinished(row)) return feed.close();
    for await (const event of feed.events) {
      if (isFinished(event)) {
        yield await getImport(deps, id);
        return;
      }
      row = { ...row, status: event.status, done: event.done, total: event.total };
      yield row;
    }
  }
  return { states: states(), close: feed.close };
}

export async function listImports(deps: CatalogAdminDeps, limit = 50): Promise<CatalogImport[]> {
  const rows = await deps.database.db
    .select()
    .from(catalogImports)
    .orderBy(desc(catalogImports.createdAt))
    .limit(limit);
  return rows.map(toImport);
}

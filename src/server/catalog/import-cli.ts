// `npm run catalog:import -- <folder|file.json|file.zip> [--manifest rows.csv|rows.json] [--source NAME]`
import path from 'node:path';
import { parseArgs } from 'node:util';
import { recordedImport, recoverImportsAtBoot } from '#server/catalog/import-jobs.ts';
import { connectDatabase } from '#server/db/connect.ts';
import { DataDirLockedError, lockedLine } from '#server/db/data-dir-lock.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { loadEnv } from '#server/env.ts';
import { startPrepareWorkers } from './import-batches.ts';
import { type ImportReport, importCatalogPath } from './import-catalog.ts';

const USAGE =
  'Usage: npm run catalog:import -- <folder|file.json|file.zip> [--manifest rows.csv|rows.json] [--source NAME]';

/** A line per written batch when the output is a log, not a terminal (the bar needs a terminal). */
function batchLine(handled: number, total: number) {
  if (!process.stderr.isTTY) process.stderr.write(`Staged ${handled}/${total} files\n`);
}

function progress(done: number, total: number) {
  if (!process.stderr.isTTY) return;
  const width = 30;
  const filled = total ? Math.round((done / total) * width) : width;
  process.stderr.write(`\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} files`);
  if (done === total) process.stderr.write('\n');
}

export function formatReport(r: ImportReport): string {
  const lines = [
    `Files handled: ${r.filesHandled}`,
    `Imported: ${r.imported}  Updated: ${r.updated}  Unchanged: ${r.unchanged}  Skipped: ${r.skipped.length}  Template-only: ${r.templateOnly}`,
    `Catalogue total: ${r.total} automations (${(r.durationMs / 1000).toFixed(2)} s)`,
  ];
  if (r.skipped.length > 0) {
    lines.push('Skipped:');
    for (const s of r.skipped) lines.push(`  ${s.path}: ${s.reason}`);
  }
  if (r.flagged.length > 0) {
    lines.push(`Flagged (imported, see the item): ${r.flagged.length}`);
    for (const f of r.flagged) lines.push(`  ${f.path}: ${f.flags.join('; ')}`);
  }
  return lines.join('\n');
}

let args: ReturnType<
  typeof parseArgs<{
    options: { manifest: { type: 'string' }; source: { type: 'string' }; help: { type: 'boolean' } };
    allowPositionals: true;
  }>
>;
try {
  args = parseArgs({
    options: { manifest: { type: 'string' }, source: { type: 'string' }, help: { type: 'boolean' } },
    allowPositionals: true,
  });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`);
  process.exit(2);
}
if (args.values.help || args.positionals.length !== 1) {
  console.error(USAGE);
  process.exit(args.values.help ? 0 : 2);
}

const env = loadEnv();
// The workers load their modules while this thread opens the database.
const workers = startPrepareWorkers();
const database = await connectDatabase(env, { lockAs: { command: 'catalog:import' } }).catch(
  async (error: unknown) => {
    await workers.close();
    if (!(error instanceof DataDirLockedError)) throw error;
    console.error(
      lockedLine(
        error,
        error.holder.command === 'server'
          ? `stop it, or upload the files in the operator console (${error.holder.baseUrl ?? env.baseUrl}/admin/catalog)`
          : 'wait for it to finish, then run catalog:import again',
      ),
    );
    process.exit(1);
  },
);
try {
  await migrateDatabase(database);
  // An import a killed process left is reported failed (its staged rows never reached members).
  await recoverImportsAtBoot({ database });
  const target = args.positionals[0]!;
  let total = 0;
  // The operator console's import history lists command-line imports too, with their reports. Rows
  // reach members in one transaction at the end, as an upload's do (decision 0017).
  const report = await recordedImport(
    { database },
    {
      fileName: path.basename(path.resolve(target)),
      onWaiting: () => console.error('Waiting for another import to finish…'),
    },
    (hooks) =>
      importCatalogPath({
        database,
        target,
        manifestPath: args.values.manifest,
        source: args.values.source,
        workers,
        staged: hooks.staged,
        onProgress: (done, of) => {
          total = of;
          hooks.onProgress(done, of);
          progress(done, of);
        },
        onBatch: ({ handled }) => batchLine(handled, total),
      }),
  );
  console.log(formatReport(report));
  console.log(`Peak RSS: ${Math.round(process.resourceUsage().maxRSS / 1024)} MB`);
  const readable = report.imported + report.updated + report.unchanged;
  process.exitCode = readable === 0 ? 1 : 0;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  await workers.close();
  await database.close();
}

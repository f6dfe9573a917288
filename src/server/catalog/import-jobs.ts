import { randomUUID } from 'node:crypto';
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import { catalogImports } from '#server/db/schema/admin.ts';
import { catalogImportStaging } from '#server/db/schema/catalog.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import type { JobDefinition } from '#server/jobs/scheduler.ts';
import { acquireJobLease, releaseAllLeases, releaseJobLease, renewJobLease } from '#server/jobs/scheduler.ts';
import { type ImportOptions, type ImportReport, importCatalog } from './import-catalog.ts';
import { type CatalogAdminDeps, importProgress, type readUpload, toImport } from './import-uploads.ts';
import { discardStaged } from './write-automations.ts';

// Operator imports as durable jobs (issue 20). Each import holds a lease in the jobs table
// (`catalog-import:<id>`) from upload to its end, renewed while this process lives; the one import
// writing at a time holds `catalog-import`. Rows are staged and published in one transaction, so a
// process killed mid-import leaves the previous catalogue; recoverImports marks such an import failed
// once its lease has expired (at boot, and by a job every minute).

/** Short, so a crashed import is reported within seconds; renewed at a third of it. */
export const IMPORT_LEASE_MS = 15_000;
const WRITER = 'catalog-import';
const leaseName = (id: string) => `${WRITER}:${id}`;
export const CRASHED_IMPORT_ERROR =
  'The server stopped during this import. Members still see the catalogue as it was before it; upload the files again.';
export const CRASHED_CLI_IMPORT_ERROR =
  'The command stopped during this import. Members still see the catalogue as it was before it; run it again.';

type Input = ReturnType<typeof readUpload>;

/** Holds a lease until the returned function is called (it renews; a dead process stops renewing). */
function hold(deps: Pick<CatalogAdminDeps, 'database' | 'log'>, name: string, owner: string) {
  const db = deps.database.db;
  const timer = setInterval(
    () =>
      void renewJobLease(db, { name, owner, leaseMs: IMPORT_LEASE_MS }).catch((error: unknown) =>
        deps.log?.warn({ err: error, job: name }, 'renewing the import lease failed'),
      ),
    IMPORT_LEASE_MS / 3,
  );
  timer.unref();
  return () => clearInterval(timer);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How often a running import's row gets its progress (the console follows the bus, not the row). */
const ROW_PROGRESS_MS = 1_000;

type ImportHooks = Pick<ImportOptions, 'onProgress' | 'staged'>;

/**
 * Runs one import as the writer, the one way every import (upload or command line) reaches members:
 * waits for the writer lease, marks its row running, stages the rows and publishes them together with the
 * row's `done` in one transaction (importCatalog's `staged`). On failure the staged rows are dropped and
 * the row is marked failed (and the error thrown on). Progress goes to the bus when `progress` is given
 * (the console follows it) and to the row every second, so a reload shows where it is.
 */
async function runAsWriter(
  deps: Pick<CatalogAdminDeps, 'database' | 'log'>,
  run: {
    id: string;
    owner: string;
    total: number;
    progress?: ReturnType<typeof importProgress>;
    onWaiting?: () => void;
    importRows(hooks: Required<ImportHooks>): Promise<ImportReport>;
  },
): Promise<ImportReport> {
  const db = deps.database.db;
  const { id, progress } = run;
  const lease = { name: WRITER, owner: run.owner, intervalMs: 0, leaseMs: IMPORT_LEASE_MS, force: true };
  if (!(await acquireJobLease(db, lease))) {
    run.onWaiting?.();
    while (!(await acquireJobLease(db, lease))) await sleep(250);
  }
  const stopWriter = hold(deps, WRITER, run.owner);
  let total = run.total;
  await db.update(catalogImports).set({ status: 'running', total }).where(eq(catalogImports.id, id));
  progress?.report({ status: 'running', done: 0, total });
  let lastWrite = performance.now();
  let pending: Promise<unknown> = Promise.resolve();
  try {
    const report = await run.importRows({
      onProgress: (done, of) => {
        total = of;
        progress?.report({ status: 'running', done, total });
        if (performance.now() - lastWrite < ROW_PROGRESS_MS) return;
        lastWrite = performance.now();
        pending = pending.then(() =>
          db.update(catalogImports).set({ done, total }).where(eq(catalogImports.id, id)),
        );
      },
      staged: {
        // The last progress write lands before the transaction (on PGlite it would wait for it: a deadlock).
        settled: () => pending,
        publish: async (tx, report) => {
          await tx
            .update(catalogImports)
            .set({
              status: 'done',
              done: report.filesHandled,
              total: report.filesHandled,
              summary: report,
              finishedAt: new Date(),
            })
            .where(eq(catalogImports.id, id));
        },
      },
    });
    await progress?.finish({ status: 'done', done: report.filesHandled, total: report.filesHandled });
    return report;
  } catch (error) {
    await pending.catch(() => undefined);
    deps.log?.error({ err: error, importId: id }, 'catalogue import failed');
    await discardStaged(deps.database).catch(() => undefined);
    await db
      .update(catalogImports)
      .set({
        status: 'failed',
        error: error instanceof Error ? error.message : String(error),
        finishedAt: new Date(),
      })
      .where(eq(catalogImports.id, id));
    await progress?.finish({ status: 'failed', done: 0, total });
    throw error;
  } finally {
    stopWriter();
    await releaseJobLease(db, WRITER, run.owner);
  }
}

/** Runs uploads one at a time across every process on the database (each waits for the writer lease). */
export function createImportRunner(deps: CatalogAdminDeps) {
  const owner = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const db = deps.database.db;
  let queue: Promise<unknown> = Promise.resolve();

  const run = (id: string, input: Input) =>
    runAsWriter(deps, {
      id,
      owner,
      total: input.files.length,
      progress: importProgress(deps, id),
      importRows: (hooks) =>
        importCatalog({
          database: deps.database,
          files: input.files,
          manifestRows: input.manifestRows,
          bus: deps.bus,
          ...hooks,
        }),
    }).catch(() => undefined); // logged and recorded on the import's row

  return {
    /** Queues the import and answers at once with its row. */
    async start(actor: { userId: string; email: string }, fileName: string, input: Input) {
      const [row] = await db
        .insert(catalogImports)
        .values({
          actorId: actor.userId,
          actorEmail: actor.email,
          fileName: fileName.slice(0, 500),
          status: 'queued',
          total: input.files.length,
        })
        .returning();
      if (!row) throw new Error('catalog_imports insert returned nothing');
      const name = leaseName(row.id);
      await acquireJobLease(db, { name, owner, intervalMs: 0, leaseMs: IMPORT_LEASE_MS, force: true });
      const stop = hold(deps, name, owner);
      const job = queue
        .then(() => run(row.id, input))
        .finally(async () => {
          stop();
          await db.delete(jobs).where(eq(jobs.name, name));
        });
      queue = job.catch(() => undefined);
      return { importRow: toImport(row), finished: job };
    },
  };
}

export type ImportRunner = ReturnType<typeof createImportRunner>;

/**
 * Imports whose process died (queued or running, lease expired or gone) are marked failed. A running
 * one is marked only while holding the writer lease and after its staged rows are dropped, so "failed"
 * is never shown beside a half-written staging table (and a live writer's rows are never touched).
 * Returns how many were marked.
 */
export async function recoverImports(deps: CatalogAdminDeps, now = new Date()): Promise<number> {
  const db = deps.database.db;
  const open = await db
    .select({ id: catalogImports.id, status: catalogImports.status })
    .from(catalogImports)
    .where(inArray(catalogImports.status, ['queued', 'running']));
  const dead = open.length === 0 ? [] : await withoutLease(deps, open, now);
  const queued = dead.filter((id) => open.find((o) => o.id === id)?.status === 'queued');
  // A queued import never wrote anything: it can be reported at once.
  await markFailed(deps, queued, ['queued'], now);
  const running = dead.filter((id) => !queued.includes(id));
  const [staged] = await db.select({ id: catalogImportStaging.id }).from(catalogImportStaging).limit(1);
  if (running.length === 0 && !staged) return queued.length;
  const owner = `recovery-${randomUUID().slice(0, 8)}`;
  const lease = { name: WRITER, owner, intervalMs: 0, leaseMs: IMPORT_LEASE_MS, force: true, now };
  // The writer lease still held means a live import is writing (or a dead one's lease has not run out
  // yet): the next check reports it.
  if (!(await acquireJobLease(db, lease))) return queued.length;
  try {
    await discardStaged(deps.database);
    await markFailed(deps, running, ['queued', 'running'], now);
  } finally {
    await releaseJobLease(db, WRITER, owner);
  }
  return queued.length + running.length;
}

async function markFailed(
  deps: CatalogAdminDeps,
  ids: string[],
  from: ('queued' | 'running')[],
  now: Date,
): Promise<void> {
  if (ids.length === 0) return;
  const db = deps.database.db;
  await db
    .update(catalogImports)
    .set({
      status: 'failed',
      error: sql`case when ${catalogImports.actorEmail} = ${CLI_IMPORT_ACTOR} then ${CRASHED_CLI_IMPORT_ERROR} else ${CRASHED_IMPORT_ERROR} end`,
      finishedAt: now,
    })
    .where(and(inArray(catalogImports.id, ids), inArray(catalogImports.status, from)));
  await db.delete(jobs).where(
    inArray(
      jobs.name,
      ids.map((id) => leaseName(id)),
    ),
  );
  // Streams following these imports (in any process) end with the failure.
  for (const id of ids) await importProgress(deps, id).finish({ status: 'failed', done: 0, total: 0 });
}

/** The imports among `open` whose lease has run out or is gone. */
async function withoutLease(deps: CatalogAdminDeps, open: { id: string }[], now: Date) {
  const db = deps.database.db;
  const held = await db
    .select({ name: jobs.name })
    .from(jobs)
    .where(
      and(
        inArray(
          jobs.name,
          open.map((o) => leaseName(o.id)),
        ),
        gt(jobs.lockedUntil, now),
      ),
    );
  const alive = new Set(held.map((h) => h.name));
  return open.filter((o) => !alive.has(leaseName(o.id))).map((o) => o.id);
}

/**
 * When a process opens the database (the server's boot, the command-line import): reports the imports
 * a dead process left. On the embedded database the opener holds DATA_DIR's lock and is alone, so every
 * lease left belongs to a dead process and is freed first: a killed import is reported at once. On
 * PostgreSQL it checks again once the leases standing at boot have run out (a restart is usually quicker
 * than the 15 s lease).
 */
export async function recoverImportsAtBoot(deps: CatalogAdminDeps): Promise<void> {
  const alone = deps.database.driver === 'pglite';
  if (alone) await releaseAllLeases(deps.database.db);
  await recoverImports(deps);
  if (alone) return;
  const later = setTimeout(
    () =>
      void recoverImports(deps).catch((error: unknown) =>
        deps.log?.warn({ err: error }, 'checking for crashed imports failed'),
      ),
    IMPORT_LEASE_MS + 1_000,
  );
  later.unref();
}

/**
 * Every 15 s (the import lease), in one process at a time: crashed imports are reported as failed
 * within about two leases of the crash. The check is one indexed read while nothing runs.
 */
export function importRecoveryJob(deps: CatalogAdminDeps): JobDefinition {
  return {
    name: 'catalog-import-recovery',
    intervalMs: IMPORT_LEASE_MS,
    leaseMs: IMPORT_LEASE_MS,
    async run() {
      const marked = await recoverImports(deps);
      if (marked > 0) deps.log?.warn({ marked }, 'imports stopped by a crash were marked failed');
    },
  };
}

/** Who ran an import from the command line, as the import history shows it. */
export const CLI_IMPORT_ACTOR = 'command line (npm run catalog:import)';

/**
 * Runs an import outside the console (the command line) the way an upload runs (runAsWriter: one
 * writer at a time, staged, published in one transaction) and writes it to the import history: queued,
 * running, then done with its report (skipped files and their reasons) or failed. A process killed
 * mid-way leaves members the catalogue as it was; the next recovery reports the import failed.
 */
export async function recordedImport(
  deps: Pick<CatalogAdminDeps, 'database' | 'log'>,
  meta: { fileName: string; onWaiting?: () => void },
  importRows: (hooks: Required<ImportHooks>) => Promise<ImportReport>,
): Promise<ImportReport> {
  const db = deps.database.db;
  const [row] = await db
    .insert(catalogImports)
    .values({ actorEmail: CLI_IMPORT_ACTOR, fileName: meta.fileName.slice(0, 500), status: 'queued' })
    .returning({ id: catalogImports.id });
  if (!row) throw new Error('catalog_imports insert returned nothing');
  // Held like an upload's lease, so a server's recovery job does not take this import for a dead one.
  const owner = `cli-${process.pid}-${randomUUID().slice(0, 8)}`;
  const name = leaseName(row.id);
  await acquireJobLease(db, { name, owner, intervalMs: 0, leaseMs: IMPORT_LEASE_MS, force: true });
  const stop = hold(deps, name, owner);
  try {
    return await runAsWriter(deps, { id: row.id, owner, total: 0, onWaiting: meta.onWaiting, importRows });
  } finally {
    stop();
    await db.delete(jobs).where(eq(jobs.name, name));
  }
}

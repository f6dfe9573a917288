import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { jobs } from '#server/db/schema/jobs.ts';
import type { Logger } from '#server/lib/logger.ts';

export type JobDefinition = {
  name: string;
  /** At most one run per interval across every process. */
  intervalMs: number;
  /** How long a run may hold the lease; a crashed process's lease expires after it. */
  leaseMs?: number;
  run(): Promise<void>;
};

/**
 * Takes the lease of `name` with one conditional UPDATE: only when no live lease is held and (unless
 * forced) the last start is at least `intervalMs` old. Exactly one process wins a given round.
 */
export async function acquireJobLease(
  db: Database,
  options: { name: string; owner: string; intervalMs: number; leaseMs: number; now?: Date; force?: boolean },
): Promise<boolean> {
  const now = options.now ?? new Date();
  await db.insert(jobs).values({ name: options.name }).onConflictDoNothing();
  const dueBefore = new Date(now.getTime() - options.intervalMs);
  const won = await db
    .update(jobs)
    .set({
      lockedBy: options.owner,
      lockedUntil: new Date(now.getTime() + options.leaseMs),
      lastStartedAt: now,
      runCount: sql`${jobs.runCount} + 1`,
    })
    .where(
      and(
        eq(jobs.name, options.name),
        or(isNull(jobs.lockedUntil), lte(jobs.lockedUntil, now)),
        options.force ? undefined : or(isNull(jobs.lastStartedAt), lte(jobs.lastStartedAt, dueBefore)),
      ),
    )
    .returning({ name: jobs.name });
  return won.length === 1;
}

/**
 * Frees every lease. Only for a process that knows it is alone on the database: on the embedded one the
 * holder of DATA_DIR's lock (db/data-dir-lock.ts), whose leases left in the table belong to dead
 * processes, so a killed import is reported at once rather than when its lease runs out.
 */
export async function releaseAllLeases(db: Database): Promise<void> {
  await db.update(jobs).set({ lockedBy: null, lockedUntil: null }).where(isNotNull(jobs.lockedUntil));
}

export async function releaseJobLease(
  db: Database,
  name: string,
  owner: string,
  error?: string,
): Promise<void> {
  await db
    .update(jobs)
    .set({ lockedBy: null, lockedUntil: null, lastFinishedAt: new Date(), lastError: error ?? null })
    .where(and(eq(jobs.name, name), eq(jobs.lockedBy, owner)));
}

/**
 * Pushes the lease of a run still in progress forward by `leaseMs` (only while `owner` holds it), so a
 * run longer than its lease is never taken over by another process; a crashed owner stops renewing.
 */
export async function renewJobLease(
  db: Database,
  options: { name: string; owner: string; leaseMs: number; now?: Date },
): Promise<boolean> {
  const now = options.now ?? new Date();
  const renewed = await db
    .update(jobs)
    .set({ lockedUntil: new Date(now.getTime() + options.leaseMs) })
    .where(and(eq(jobs.name, options.name), eq(jobs.lockedBy, options.owner)))
    .returning({ name: jobs.name });
  return renewed.length === 1;
}

/** The longest a process waits before asking about a job again. */
const RECHECK_MS = 5_000;

export type Scheduler = {
  start(): void;
  /** Stops ticking and waits for runs in progress. */
  stop(): Promise<void>;
  /** Runs a job now if its lease can be taken (ignoring the interval); true when it ran. */
  runNow(name: string): Promise<boolean>;
};

export function createScheduler(deps: {
  db: Database;
  log: Logger;
  jobs: JobDefinition[];
  /** How often each process looks for due jobs. */
  tickMs?: number;
  owner?: string;
  /** Told of every finished run (metrics). */
  onRunFinished?: (job: string, outcome: 'ok' | 'failed', seconds: number) => void;
}): Scheduler {
  const owner = deps.owner ?? `${process.pid}-${randomUUID().slice(0, 8)}`;
  const running = new Map<string, Promise<void>>();
  /** When each job is next tried (ms since the epoch). */
  const nextCheck = new Map<string, number>();
  let timer: NodeJS.Timeout | undefined;

  async function attempt(job: JobDefinition, force: boolean): Promise<boolean> {
    if (running.has(job.name)) return false;
    const leaseMs = job.leaseMs ?? 5 * 60_000;
    const won = await acquireJobLease(deps.db, {
      name: job.name,
      owner,
      intervalMs: job.intervalMs,
      leaseMs,
      force,
    }).catch((error: unknown) => {
      deps.log.warn({ err: error, job: job.name }, 'job lease check failed');
      return false;
    });
    if (!won) return false;
    const run = (async () => {
      let failure: string | undefined;
      const started = performance.now();
      // Renewed at a third of the lease, so two missed renewals still leave it held.
      const renew = setInterval(
        () =>
          void renewJobLease(deps.db, { name: job.name, owner, leaseMs }).catch((error: unknown) =>
            deps.log.warn({ err: error, job: job.name }, 'renewing the job lease failed'),
          ),
        Math.max(10, Math.floor(leaseMs / 3)),
      );
      renew.unref();
      try {
        await job.run();
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
        deps.log.error({ err: error, job: job.name }, 'job failed');
      } finally {
        clearInterval(renew);
      }
      deps.onRunFinished?.(
        job.name,
        failure === undefined ? 'ok' : 'failed',
        (performance.now() - started) / 1000,
      );
      await releaseJobLease(deps.db, job.name, owner, failure).catch((error: unknown) =>
        deps.log.warn({ err: error, job: job.name }, 'releasing the job lease failed'),
      );
    })();
    running.set(job.name, run);
    await run.finally(() => running.delete(job.name));
    return true;
  }

  return {
    start() {
      if (timer) return;
      // A job is asked about once per interval, or every RECHECK_MS when its interval is longer (a run
      // forced from elsewhere, or another process's expired lease, is still noticed within seconds).
      // Asking about every job on every tick cost the embedded database, whose queries run on the event
      // loop, ~2 % of an idle process (decision 0011).
      const tick = () => {
        const now = Date.now();
        for (const job of deps.jobs) {
          if ((nextCheck.get(job.name) ?? 0) > now) continue;
          nextCheck.set(job.name, now + Math.min(job.intervalMs, RECHECK_MS));
          void attempt(job, false);
        }
      };
      timer = setInterval(tick, deps.tickMs ?? 1_000);
      timer.unref();
      tick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await Promise.allSettled([...running.values()]);
    },
    async runNow(name) {
      const job = deps.jobs.find((j) => j.name === name);
      if (!job) throw new Error(`Unknown job ${name}`);
      return attempt(job, true);
    },
  };
}

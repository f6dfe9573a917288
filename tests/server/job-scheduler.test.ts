// The scheduler's leases on a real database: a run longer than its lease keeps it (renewed while it
// runs), so no second process starts the same job; finished runs are reported for the metrics.
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { jobs } from '#server/db/schema/jobs.ts';
import { parseEnv } from '#server/env.ts';
import { acquireJobLease, createScheduler } from '#server/jobs/scheduler.ts';
import { createLogger } from '#server/lib/logger.ts';
import { createTestDatabase, type TestDatabase } from '#tests/support/test-db.ts';

const log = createLogger(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }));
let database: TestDatabase | undefined;
afterEach(async () => {
  await database?.dispose();
  database = undefined;
});

describe('job leases', () => {
  it('renews the lease while a run lasts longer than it, so another process cannot take the job', async () => {
    database = await createTestDatabase();
    const db = database.handle.db;
    let finish!: () => void;
    const reported: [string, string][] = [];
    const scheduler = createScheduler({
      db,
      log,
      owner: 'first',
      jobs: [
        { name: 'slow', intervalMs: 60_000, leaseMs: 300, run: () => new Promise<void>((r) => (finish = r)) },
      ],
      onRunFinished: (job, outcome) => reported.push([job, outcome]),
    });
    const run = scheduler.runNow('slow');
    await new Promise((r) => setTimeout(r, 1_000));
    // Three leases' worth later the first owner still holds it: a second process is refused.
    const stolen = await acquireJobLease(db, {
      name: 'slow',
      owner: 'second',
      intervalMs: 0,
      leaseMs: 300,
      force: true,
    });
    expect(stolen).toBe(false);
    const [row] = await db.select().from(jobs).where(eq(jobs.name, 'slow'));
    expect(row?.lockedBy).toBe('first');
    expect(row!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    finish();
    expect(await run).toBe(true);
    expect(reported).toEqual([['slow', 'ok']]);
    // Released when done: the next owner may take it.
    expect(
      await acquireJobLease(db, { name: 'slow', owner: 'second', intervalMs: 0, leaseMs: 300, force: true }),
    ).toBe(true);
  });

  it('reports a failed run as failed', async () => {
    database = await createTestDatabase();
    const reported: [string, string][] = [];
    const scheduler = createScheduler({
      db: database.handle.db,
      log,
      jobs: [{ name: 'broken', intervalMs: 60_000, run: async () => Promise.reject(new Error('boom')) }],
      onRunFinished: (job, outcome) => reported.push([job, outcome]),
    });
    expect(await scheduler.runNow('broken')).toBe(true);
    expect(reported).toEqual([['broken', 'failed']]);
    const [row] = await database.handle.db.select().from(jobs).where(eq(jobs.name, 'broken'));
    expect(row?.lastError).toBe('boom');
  });
});

import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type BusEvents,
  bridgeDatabaseEvents,
  createEventBus,
  publishEverywhere,
} from '#server/realtime/event-bus.ts';
import { createTestDatabase, type TestDatabase, usingPostgres } from '#tests/support/test-db.ts';

const run = promisify(execFile);
let db: TestDatabase | undefined;
let stopBridge: (() => Promise<void>) | undefined;
afterEach(async () => {
  await stopBridge?.();
  await db?.dispose();
});

function received(bus: ReturnType<typeof createEventBus>) {
  const seen: BusEvents['collection.changed'][] = [];
  bus.subscribe('collection.changed', (p) => seen.push(p));
  return seen;
}

describe('events between server processes', () => {
  it('an event published here reaches this process once, not again through the database', async () => {
    db = await createTestDatabase();
    const bus = createEventBus();
    stopBridge = await bridgeDatabaseEvents(db.handle, bus);
    const seen = received(bus);
    await publishEverywhere(db.handle, bus, 'collection.changed', { userId: 'u1', action: 'added' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(seen).toEqual([{ userId: 'u1', action: 'added' }]);
  });

  // The embedded database lives inside one process, so only the PostgreSQL leg has another process.
  it(
    usingPostgres
      ? "another process's event arrives through LISTEN/NOTIFY"
      : 'the embedded database bridges its own notifications without echoing them',
    async () => {
      db = await createTestDatabase();
      const bus = createEventBus();
      stopBridge = await bridgeDatabaseEvents(db.handle, bus);
      const seen = received(bus);
      const payload = { userId: 'u2', action: 'removed', automationId: 'a-1' } as const;
      if (usingPostgres) {
        const url = (db.handle.pool as unknown as { options: { connectionString: string } }).options
          .connectionString;
        await run(process.execPath, [
          path.resolve('tests/support/publish-event.ts'),
          url,
          'collection.changed',
          JSON.stringify(payload),
        ]);
        await expect.poll(() => seen, { timeout: 5_000 }).toEqual([payload]);
      } else {
        await db.handle.pglite!.query('select pg_notify($1, $2)', [
          'flowvault_events',
          JSON.stringify({ origin: 'another-process', topic: 'collection.changed', payload }),
        ]);
        await expect.poll(() => seen, { timeout: 5_000 }).toEqual([payload]);
      }
    },
  );
});

import { setTimeout as sleep } from 'node:timers/promises';
import { hashPassword } from 'better-auth/crypto';
import { expect, it } from 'vitest';
import { oneAtATime, serialPasswordHashing } from '#server/auth/password-hashing.ts';

it('runs one call at a time, in the order of the calls, past a failure', async () => {
  const serial = oneAtATime();
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const task = (n: number, fail = false) =>
    serial(async () => {
      running++;
      most = Math.max(most, running);
      await sleep(5 - n);
      order.push(n);
      running--;
      if (fail) throw new Error(`task ${n} failed`);
      return n;
    });
  const results = await Promise.allSettled([task(1), task(2, true), task(3), task(4)]);
  expect(most).toBe(1);
  expect(order).toEqual([1, 2, 3, 4]);
  expect(results.map((r) => (r.status === 'fulfilled' ? r.value : String(r.reason)))).toEqual([
    1,
    'Error: task 2 failed',
    3,
    4,
  ]);
});

it('verifies the hashes better-auth stored, and only with the right password', async () => {
  const hashing = serialPasswordHashing();
  const stored = await hashPassword('a member password');
  const [right, wrong] = await Promise.all([
    hashing.verify({ hash: stored, password: 'a member password' }),
    hashing.verify({ hash: stored, password: 'another password' }),
  ]);
  expect([right, wrong]).toEqual([true, false]);
  const ours = await hashing.hash('a member password');
  expect(await hashing.verify({ hash: ours, password: 'a member password' })).toBe(true);
  expect(await hashing.verify({ hash: ours, password: 'another password' })).toBe(false);
});

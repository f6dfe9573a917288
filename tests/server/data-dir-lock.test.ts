// DATA_DIR's lock (issue 41): one process at a time on the embedded database; a dead holder's lock is
// taken over, by exactly one of the processes that find it.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DataDirLockedError, LOCK_FILE, lockDataDir, lockHolder } from '#server/db/data-dir-lock.ts';

const dir = () => mkdtempSync(path.join(tmpdir(), 'fv-lock-'));
const MODULE = pathToFileURL(path.resolve('src/server/db/data-dir-lock.ts')).href;

/** A pid no process has any more: a child that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  return child.pid!;
}

describe('the data directory lock', () => {
  it('is held by one opener at a time, private to its owner, and released', () => {
    const dataDir = dir();
    const lock = lockDataDir(dataDir, { command: 'server', adminToken: 'secret token' });
    const file = path.join(dataDir, LOCK_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = (() => {
      try {
        lockDataDir(dataDir, { command: 'catalog:import' });
      } catch (error) {
        return error;
      }
    })();
    expect(second).toBeInstanceOf(DataDirLockedError);
    expect((second as Error).message).toBe(
      `Flowvault is running on this data directory (pid ${process.pid})`,
    );
    expect(lockHolder(dataDir)?.adminToken).toBe('secret token');
    lock.release();
    expect(existsSync(file)).toBe(false);
    lockDataDir(dataDir, { command: 'db:migrate' }).release();
  });

  it('takes over a lock whose process has died, whose pid now runs another process, or that is damaged', () => {
    const file = (d: string) => path.join(d, LOCK_FILE);
    const dead = dir();
    writeFileSync(file(dead), JSON.stringify({ pid: deadPid(), command: 'server', nonce: 'a' }));
    const reused = dir();
    // This test's own pid, but a start time it never had: the holder died and its pid was handed on.
    writeFileSync(
      file(reused),
      JSON.stringify({ pid: process.pid, start: '1', command: 'server', nonce: 'b' }),
    );
    const damaged = dir();
    writeFileSync(file(damaged), '{"pid":');
    for (const d of [dead, reused, damaged]) {
      const lock = lockDataDir(d, { command: 'server' });
      expect(JSON.parse(readFileSync(file(d), 'utf8')).nonce).toBe(lock.holder.nonce);
      lock.release();
    }
  });

  it('lets exactly one of several processes take over the same stale lock', async () => {
    const dataDir = dir();
    writeFileSync(
      path.join(dataDir, LOCK_FILE),
      JSON.stringify({ pid: deadPid(), command: 'server', nonce: 'c' }),
    );
    // Each child tries once and says how it went; the winner keeps the lock until its stdin closes, so
    // every other child meets a live holder however slowly it starts.
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(MODULE)});
      try {
        const lock = lockDataDir(${JSON.stringify(dataDir)}, { command: 'server' });
        console.log('won');
        process.stdin.on('end', () => lock.release()).resume();
      } catch (error) {
        console.log(error.name);
      }`;
    const children = Array.from({ length: 6 }, () =>
      spawn(process.execPath, ['--input-type=module', '-e', script], {
        env: { PATH: process.env.PATH },
        stdio: ['pipe', 'pipe', 'inherit'],
      }),
    );
    const exited = children.map((child) => new Promise((resolve) => child.on('exit', resolve)));
    const answers = await Promise.all(
      children.map(
        (child) =>
          new Promise<string>((resolve) => {
            let out = '';
            child.on('exit', () => resolve(out.trim()));
            child.stdout!.on('data', (d) => {
              out += d;
              if (out.includes('\n')) resolve(out.trim());
            });
          }),
      ),
    );
    for (const child of children) child.stdin!.end();
    await Promise.all(exited);
    expect(answers.filter((a) => a === 'won')).toHaveLength(1);
    expect(answers.filter((a) => a === 'DataDirLockedError')).toHaveLength(5);
    expect(existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
  });
});

// One process at a time on an embedded database directory (issue 41). PGlite is a single-user
// PostgreSQL in the process: two processes opening the same files each keep their own view and lose
// each other's writes. Whoever opens DATA_DIR/pglite (the server or a command) first takes
// DATA_DIR/flowvault.lock; anyone else is refused with who holds it. On PostgreSQL (DATABASE_URL) there
// is no lock: many processes share one server.
import { createHash, randomUUID } from 'node:crypto';
import {
  linkSync,
  mkdirSync,
  readFileSync,
  rmdirSync,
  rmSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'flowvault.lock';

/** What the lock file holds (JSON, mode 0600: the server's local admin token is in it). */
export type LockHolder = {
  pid: number;
  /** The process's start time (Linux /proc), so a pid reused after a crash or reboot is not taken for it. */
  start?: string;
  /** `server`, or the npm script that holds it (`catalog:import`…). */
  command: string;
  /** The server's public address (for messages), its own address and the token of its local admin
   * endpoint (src/server/auth/local-admin.routes.ts). */
  baseUrl?: string;
  adminUrl?: string;
  adminToken?: string;
  nonce: string;
};

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  readonly holder: LockHolder;
  constructor(holder: LockHolder) {
    super(
      holder.command === 'server'
        ? `Flowvault is running on this data directory (pid ${holder.pid})`
        : `npm run ${holder.command} is running on this data directory (pid ${holder.pid})`,
    );
    this.holder = holder;
  }
}

export type DataDirLock = { holder: LockHolder; release(): void };

/** The one line a command prints when the data directory is taken: who has it, then what to do. */
export function lockedLine(error: DataDirLockedError, instead: string): string {
  return `${error.message}: ${instead}`;
}

/** How long an abandoned take-over marker (its taker died within microseconds of making it) blocks. */
const ABANDONED_MS = 10_000;

/**
 * Takes DATA_DIR's lock or throws DataDirLockedError. Atomic: the holder's record is written whole to a
 * private file and hard-linked into place (link fails when the lock exists). A lock left by a dead
 * process is taken over: only the process that creates the take-over marker for that very record may
 * remove it, so two processes finding the same stale lock never both end up holding it.
 */
export function lockDataDir(
  dataDir: string,
  holder: Omit<LockHolder, 'pid' | 'start' | 'nonce'>,
): DataDirLock {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const file = path.join(dataDir, LOCK_FILE);
  const mine: LockHolder = {
    pid: process.pid,
    start: startTime(process.pid),
    nonce: randomUUID(),
    ...holder,
  };
  const text = JSON.stringify(mine);
  for (let attempt = 0; attempt < 20; attempt++) {
    if (tryCreate(file, text)) {
      const release = () => {
        if (readRaw(file) === text) rmSync(file, { force: true });
        process.off('exit', release);
      };
      process.on('exit', release);
      return { holder: mine, release };
    }
    const raw = readRaw(file);
    if (raw === undefined) continue; // released in between: try again
    const current = parse(raw);
    if (current && isAlive(current)) throw new DataDirLockedError(current);
    takeOverStale(file, raw);
  }
  throw new Error(`Could not take the lock ${file}: other processes keep taking it`);
}

/** The holder of DATA_DIR's lock while its process lives, else undefined. */
export function lockHolder(dataDir: string): LockHolder | undefined {
  const raw = readRaw(path.join(dataDir, LOCK_FILE));
  const holder = raw === undefined ? undefined : parse(raw);
  return holder && isAlive(holder) ? holder : undefined;
}

function tryCreate(file: string, text: string): boolean {
  const temporary = `${file}.${process.pid}.${randomUUID().slice(0, 8)}.tmp`;
  writeFileSync(temporary, text, { mode: 0o600, flag: 'wx' });
  try {
    linkSync(temporary, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
}

function takeOverStale(file: string, raw: string) {
  const marker = `${file}.takeover-${createHash('sha256').update(raw).digest('hex').slice(0, 16)}`;
  try {
    mkdirSync(marker);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process is taking it over right now (its loop then holds or finds the new holder).
    if (Date.now() - (mtimeOf(marker) ?? Date.now()) > ABANDONED_MS)
      rmSync(marker, { recursive: true, force: true });
    return;
  }
  try {
    // Still the stale record (not a fresh lock another taker has put in place since we read it).
    if (readRaw(file) === raw) unlinkSync(file);
  } finally {
    rmdirSync(marker);
  }
}

function readRaw(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function mtimeOf(file: string): number | undefined {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function parse(raw: string): LockHolder | undefined {
  try {
    const value = JSON.parse(raw) as Partial<LockHolder>;
    return Number.isInteger(value.pid) && typeof value.command === 'string'
      ? (value as LockHolder)
      : undefined;
  } catch {
    return undefined; // not ours or damaged: taken over like a dead holder's
  }
}

function isAlive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  // The pid lives; it is the holder only if it started when the holder did (where that is known).
  const start = startTime(holder.pid);
  return holder.start === undefined || start === undefined || start === holder.start;
}

/** A process's start time in clock ticks since boot (field 22 of /proc/PID/stat), where /proc exists. */
function startTime(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  } catch {
    return undefined;
  }
}

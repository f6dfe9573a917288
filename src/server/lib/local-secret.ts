// Secrets an instance needs before the operator sets them (AUTH_SECRET, N8N_KEY_SECRET): never a constant
// in the code, which anyone could read and use to sign tokens or open keys. Generated once, kept under
// DATA_DIR readable by the owner only (0600), so restarts keep sessions and sealed keys valid.
import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export type LocalSecretOptions = {
  dataDir: string;
  /** File name under DATA_DIR, e.g. `auth-secret`. */
  name: string;
  /** Under NODE_ENV=test a per-process secret is enough and nothing is written. */
  nodeEnv: 'development' | 'production' | 'test';
};

const memo = new Map<string, string>();

/** The secret stored in DATA_DIR/<name>, created (random, 0600) when missing. */
export function localSecret(options: LocalSecretOptions): string {
  const key = `${options.nodeEnv}:${options.dataDir}:${options.name}`;
  const known = memo.get(key);
  if (known) return known;
  const secret = options.nodeEnv === 'test' ? randomSecret() : readOrCreate(options.dataDir, options.name);
  memo.set(key, secret);
  return secret;
}

function randomSecret(): string {
  return randomBytes(32).toString('base64url');
}

function readOrCreate(dataDir: string, name: string): string {
  const path = join(dataDir, name);
  const existing = readSecret(path);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  // Written whole to a private temporary file, then linked into place: two processes starting together
  // end up with one secret (the loser of the link reads the winner's), and no reader sees a half file.
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temporary, `${randomSecret()}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(temporary, 0o600);
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    rmSync(temporary, { force: true });
  }
  const secret = readSecret(path);
  if (!secret) throw new Error(`Could not read the generated secret in ${path}`);
  return secret;
}

function readSecret(path: string): string | undefined {
  try {
    const value = readFileSync(path, 'utf8').trim();
    return value.length >= 32 ? value : undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

// Hole 1 (issue 20): no constant secret. Without AUTH_SECRET / N8N_KEY_SECRET each data folder gets its own
// random secret (0600), and a token signed with the former built-in constant is refused.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { signJWT } from 'better-auth/crypto';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { resolveAuthSecret } from '#server/auth/auth-secret.ts';
import { user } from '#server/db/schema/auth.ts';

import { resolveN8nKeySecret } from '#server/n8n/key-box.ts';

import { signUpRequest, TEST_PASSWORD } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

// What src/server/auth/auth-secret.ts used when AUTH_SECRET was unset (published in the repository).
const FORMER_AUTH_CONSTANT = 'flowvault-development-only-secret-never-use-in-production';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
function freshDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'flowvault-secret-'));
  dirs.push(dir);
  return join(dir, 'data');
}

describe.each([
  ['AUTH_SECRET', 'auth-secret', resolveAuthSecret],
  ['N8N_KEY_SECRET', 'n8n-key-secret', resolveN8nKeySecret],
] as const)('%s unset', (_name, file, resolve) => {
  it('two fresh data folders get different random secrets, each kept owner-only (0600)', () => {
    const a = freshDataDir();
    const b = freshDataDir();
    const secretA = resolve({ NODE_ENV: 'development', DATA_DIR: a });
    const secretB = resolve({ NODE_ENV: 'development', DATA_DIR: b });
    expect(secretA).not.toBe(secretB);
    expect(secretA.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(a, file), 'utf8').trim()).toBe(secretA);
    expect(statSync(join(a, file)).mode & 0o777).toBe(0o600);
    expect(statSync(join(b, file)).mode & 0o777).toBe(0o600);
  });

  it('the same data folder keeps its secret across starts', () => {
    const a = freshDataDir();
    const first = resolve({ NODE_ENV: 'development', DATA_DIR: a });
    const secretFile = readFileSync(join(a, file), 'utf8').trim();
    expect(first).toBe(secretFile);
    expect(resolve({ NODE_ENV: 'development', DATA_DIR: a })).toBe(first);
  });

  it('a configured secret wins and production never falls back', () => {
    const a = freshDataDir();
    const given = 's'.repeat(40);
    const configured = {
      NODE_ENV: 'development',
      DATA_DIR: a,
      AUTH_SECRET: given,
      N8N_KEY_SECRET: given,
    } as const;
    expect(resolve(configured)).toBe(given);
    expect(() => resolve({ NODE_ENV: 'production', DATA_DIR: a })).toThrow(/needs/);
  });
});

it('a verification token signed with the former constant neither verifies an account nor signs in', async () => {
  const t = await createTestApp();
  const email = 'victim@example.com';
  expect((await signUpRequest(t, email, TEST_PASSWORD)).status).toBe(200);
  const forged = await signJWT({ email }, FORMER_AUTH_CONSTANT, 3600);
  const res = await t.request(`/api/auth/verify-email?token=${forged}&callbackURL=%2F`);
  expect(
    res.headers.getSetCookie().some((c) => c.includes('session_token=') && !c.includes('session_token=;')),
  ).toBe(false);
  const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
  expect(row?.emailVerified).toBe(false);
});

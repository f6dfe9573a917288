// Hole 3 (issue 20): sign-up answers the same for a new and an existing email; the owner of the
// existing one gets an 'account exists' mail.
import { expect, it } from 'vitest';
import { latestMail, registerVerified, signUpRequest } from '#tests/support/sessions.ts';
import { createTestApp } from '#tests/support/test-app.ts';

/** The body with the values that differ by nature (ids, times, the email itself) masked. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(shape);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([k, v]) => [k, ['id', 'email', 'createdAt', 'updatedAt'].includes(k) ? typeof v : shape(v)]),
    );
  }
  return value;
}

it('an existing email and a new one get the same status, headers and body shape', async () => {
  const t = await createTestApp();
  await registerVerified(t, 'taken@example.com');
  const existing = await signUpRequest(t, 'taken@example.com', 'another long password');
  const fresh = await signUpRequest(t, 'fresh@example.com', 'another long password');
  expect(existing.status).toBe(fresh.status);
  const a = (await existing.json()) as Record<string, unknown>;
  const b = (await fresh.json()) as Record<string, unknown>;
  expect(shape(a)).toEqual(shape(b));
  expect(existing.headers.getSetCookie().length).toBe(fresh.headers.getSetCookie().length);
  const mail = await latestMail(t, 'taken@example.com', 'account-exists');
  expect(mail.to).toBe('taken@example.com');
});

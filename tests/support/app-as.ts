import { type Role, type SignedIn, signIn } from './sessions.ts';
import { createTestApp, type TestApp } from './test-app.ts';

/** Who asks: a visitor (no session), a signed-in unpaid user (`user` or `unpaid`), a member, an operator. */
export type AppRole = 'visitor' | 'unpaid' | Role;

type Options = Parameters<typeof createTestApp>[0];

/** A visitor's request headers: the app's Origin, no cookie. */
export type Visitor = { headers: Record<string, string> };

/**
 * The app on a fresh database and one viewer of `role`, signed in through the real sign-up, verification
 * and sign-in endpoints (tests/support/sessions.ts): `const { t, viewer: admin } = await appAs('admin')`,
 * then `t.request(path, { headers: admin.headers })`. Sign more viewers in with `signIn(t, role)`.
 */
export async function appAs(role: 'visitor', options?: Options): Promise<{ t: TestApp; viewer: Visitor }>;
export async function appAs(
  role: Exclude<AppRole, 'visitor'>,
  options?: Options,
): Promise<{ t: TestApp; viewer: SignedIn }>;
export async function appAs(
  role: AppRole,
  options?: Options,
): Promise<{ t: TestApp; viewer: SignedIn | Visitor }> {
  const t = await createTestApp(options);
  if (role === 'visitor') return { t, viewer: { headers: { origin: t.deps.env.baseUrl } } };
  return { t, viewer: await signIn(t, role === 'unpaid' ? 'user' : role) };
}

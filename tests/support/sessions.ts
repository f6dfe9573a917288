import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { profiles, user } from '#server/db/schema/auth.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import type { TestApp } from './test-app.ts';

export const TEST_PASSWORD = 'correct horse battery';

export type Role = 'user' | 'member' | 'admin';

export type SignedIn = {
  userId: string;
  email: string;
  password: string;
  /** Headers that carry the session cookie (and a same-site Origin), for `t.request(path, { headers })`. */
  headers: Record<string, string>;
  cookie: string;
};

let counter = 0;
/** A distinct client address per helper call, so rate limits of one test never hit another's users. */
export function nextClientIp(): string {
  counter++;
  return `10.${(counter >> 16) & 255}.${(counter >> 8) & 255}.${counter & 255}`;
}

export function jsonHeaders(t: TestApp, extra: Record<string, string> = {}): Record<string, string> {
  return { 'content-type': 'application/json', origin: t.deps.env.baseUrl, ...extra };
}

/** Joins the Set-Cookie values of a response into one Cookie header. */
export function cookieFrom(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .filter((c) => !c.endsWith('='))
    .join('; ');
}

/** The user GET /api/me answers for this session cookie: null once the session has ended. */
export async function sessionUser(t: TestApp, cookie: string): Promise<unknown> {
  const res = await t.request('/api/me', { headers: { cookie } });
  return ((await res.json()) as { user: unknown }).user;
}

/** POST /api/auth/sign-up/email through the app. */
export function signUpRequest(t: TestApp, email: string, password: string, ip = nextClientIp()) {
  return t.request('/api/auth/sign-up/email', {
    method: 'POST',
    headers: jsonHeaders(t, { 'x-forwarded-for': ip }),
    body: JSON.stringify({ email, password, callbackURL: '/dashboard' }),
  });
}

export function signInRequest(t: TestApp, email: string, password: string, ip = nextClientIp()) {
  return t.request('/api/auth/sign-in/email', {
    method: 'POST',
    headers: jsonHeaders(t, { 'x-forwarded-for': ip }),
    body: JSON.stringify({ email, password }),
  });
}

/** The newest outbox message of a kind to `to` (what the delivery job would send). */
export async function latestMail(t: TestApp, to: string, kind: string) {
  const [row] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to), eq(mailOutbox.kind, kind)))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  if (!row) throw new Error(`No ${kind} mail to ${to} in the outbox`);
  return row;
}

export function linkIn(text: string, prefix: string): string {
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}\\S*`).exec(text);
  if (!match) throw new Error(`No link starting with ${prefix}`);
  return match[0];
}

/** Registers and verifies through the real endpoints (the link read from the verification mail). */
export async function registerVerified(t: TestApp, email: string, password = TEST_PASSWORD): Promise<string> {
  const res = await signUpRequest(t, email, password);
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const mail = await latestMail(t, email, 'verification');
  const link = new URL(linkIn(mail.text, `${t.deps.env.baseUrl}/api/auth/verify-email`));
  const verify = await t.request(`${link.pathname}${link.search}`);
  if (verify.status !== 302) throw new Error(`verification failed: ${verify.status} ${await verify.text()}`);
  const [row] = await t.database.db.select({ id: user.id }).from(user).where(eq(user.email, email));
  return row!.id;
}

/**
 * A signed-in session for a fresh user, member (paid, lifetime) or admin, made through the real
 * sign-up, verification and sign-in endpoints: `const { headers } = await signIn(t, 'member')`.
 */
export async function signIn(t: TestApp, role: Role = 'user', email?: string): Promise<SignedIn> {
  counter++;
  const address = email ?? `${role}-${counter}-${randomUUID().slice(0, 8)}@example.com`;
  const userId = await registerVerified(t, address);
  if (role === 'member') await makeMember(t, userId);
  if (role === 'admin') await t.database.db.update(user).set({ role: 'admin' }).where(eq(user.id, userId));
  const res = await signInRequest(t, address, TEST_PASSWORD);
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  const cookie = cookieFrom(res);
  return {
    userId,
    email: address,
    password: TEST_PASSWORD,
    cookie,
    headers: { cookie, origin: t.deps.env.baseUrl },
  };
}

/** Marks a user as a paid lifetime member (what a captured payment does). */
export async function makeMember(t: TestApp, userId: string): Promise<void> {
  await t.database.db
    .update(profiles)
    .set({
      hasPaid: true,
      subscriptionStatus: 'active',
      subscriptionPeriod: 'lifetime',
      subscriptionTier: 'lifetime',
      paymentDate: new Date(),
      subscriptionAmount: 3500,
    })
    .where(eq(profiles.userId, userId));
}

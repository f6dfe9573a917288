import { randomUUID } from 'node:crypto';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { APIError, createAuthMiddleware, getSessionFromCtx } from 'better-auth/api';
import { betterAuth } from 'better-auth/minimal';
import { admin } from 'better-auth/plugins/admin';
import { recentFailedSignIns, recordSignIn } from '#server/auth/sign-in-events.ts';
import type { Database } from '#server/db/client.ts';
import { account, profiles, rateLimit, session, user, verification } from '#server/db/schema/auth.ts';
import type { Env } from '#server/env.ts';
import type { Logger } from '#server/lib/logger.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import {
  accountExistsEmail,
  operatorInviteEmail,
  resetPasswordEmail,
  verificationEmail,
} from '#server/mail/templates.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import {
  DELETE_NEEDS_PASSWORD_MESSAGE,
  MISSING_CREDENTIALS_MESSAGE,
  tooManyRequestsMessage,
} from './auth-messages.ts';
import { resolveAuthSecret } from './auth-secret.ts';
import { isOperatorInvite } from './operator-invites.ts';
import { serialPasswordHashing } from './password-hashing.ts';
import { weakPasswordReason } from './password-policy.ts';
import { publishViewerChanged } from './viewer.ts';

const MIN_PASSWORD_LENGTH = 8;

const MAX_PASSWORD_LENGTH = 128;

/** After the length rule (better-auth says too short / too long first), the strength rule, with why. */
function refuseWeakPassword(password: string, email: string | undefined) {
  if (password.length < MIN_PASSWORD_LENGTH || password.length > MAX_PASSWORD_LENGTH) return;
  const reason = weakPasswordReason(password, { email });
  if (reason) throw new APIError('BAD_REQUEST', { message: reason, code: 'PASSWORD_TOO_WEAK' });
}

/** Set by our Hono wrapper from the socket (or the trusted proxy); clients cannot choose it. */
export const CLIENT_IP_HEADER = 'x-flowvault-client-ip';

export const AUTH_BASE_PATH = '/api/auth';

/** Where the reset link lands: the /auth page's new-password form. */
export function resetPasswordLink(baseUrl: string, token: string): string {
  return `${baseUrl}/auth?mode=reset&token=${encodeURIComponent(token)}`;
}

export type AuthDeps = {
  env: Env;
  db: Database;
  log: Logger;
  /** Where 'viewer.changed' goes (defaults to the process bus, bridged across processes by main.ts). */
  bus?: EventBus;
  /** Rate-limit rules; tests may tighten or loosen them. */
  rateLimits?: { signIn: Rule; signUp: Rule; reset: Rule; signInPerAccount?: Rule };
};
type Rule = { window: number; max: number };

export const DEFAULT_RATE_LIMITS = {
  signIn: { window: 60, max: 10 },
  signUp: { window: 60, max: 5 },
  reset: { window: 300, max: 3 },
  /**
   * Wrong passwords per account and client address in the window (ends at a success): past it that
   * client gets 429 for this account. Past the same number from all clients together, every sign-in
   * to the account is slowed (signInDelayMs), never refused: a stranger cannot lock the owner out.
   */
  signInPerAccount: { window: 15 * 60, max: 10 },
} as const;

/** The longest a sign-in to an account under attack waits before its password is checked. */
export const SIGN_IN_DELAY_MAX_MS = 2_000;

/** The wait before a sign-in to an account with `failures` recent wrong passwords (from any client). */
export function signInDelayMs(failures: number, max: number): number {
  if (failures < max) return 0;
  return Math.min(SIGN_IN_DELAY_MAX_MS, 250 * 2 ** (failures - max));
}

/**
 * BASE_URL's origin. Without BASE_URL outside production (npm start, npm run dev, the E2E run) the
 * local names of this port and of the Vite dev server are trusted too.
 */
export function trustedOrigins(env: Pick<Env, 'baseUrl' | 'BASE_URL' | 'NODE_ENV' | 'PORT'>): string[] {
  const origins = [new URL(env.baseUrl).origin];
  if (env.NODE_ENV !== 'production' && !env.BASE_URL) {
    for (const port of new Set([env.PORT, 3000])) {
      origins.push(`http://localhost:${port}`, `http://127.0.0.1:${port}`);
    }
  }
  return [...new Set(origins)];
}

export function createAuth(deps: AuthDeps) {
  const { env, db, log } = deps;
  const smtpConfigured = Boolean(env.SMTP_URL);
  const base = deps.rateLimits ?? DEFAULT_RATE_LIMITS;
  const scale = (rule: Rule): Rule => ({ window: rule.window, max: rule.max * env.AUTH_RATE_LIMIT_FACTOR });
  // Sign-out, revoked sessions, a ban, a role change, a password reset or change, a deleted account:
  // every process drops its cached viewers of that user (viewer.ts). A failed notification is logged;
  // the cache's one-minute lifetime bounds it.
  const viewerChanged = (userId: string) =>
    publishViewerChanged({ db, bus: deps.bus }, userId).catch((error: unknown) =>
      log.warn({ err: error }, 'could not publish a viewer change'),
    );
  const limits = {
    signIn: scale(base.signIn),
    signUp: scale(base.signUp),
    reset: scale(base.reset),
    signInPerAccount: scale(base.signInPerAccount ?? DEFAULT_RATE_LIMITS.signInPerAccount),
  };
  const mail = (message: Parameters<typeof enqueueMail>[1], logLink: string) =>
    enqueueMail(db, message, { log, logLink, smtpConfigured }).then(() => undefined);

  const limitPerAccount = async (email: string, clientIp: string | null) => {
    const rule = limits.signInPerAccount;
    const now = Date.now();
    const failed = await recentFailedSignIns(db, {
      email,
      clientIp,
      since: new Date(now - rule.window * 1000),
    });
    if (failed.fromClient >= rule.max && failed.oldestFromClient) {
      const wait = Math.max(
        1,
        Math.ceil((failed.oldestFromClient.getTime() + rule.window * 1000 - now) / 1000),
      );
      log.warn({ component: 'auth' }, 'sign-in limit per account and client reached');
      throw new APIError(
        'TOO_MANY_REQUESTS',
        { message: tooManyRequestsMessage(wait), code: 'RATE_LIMITED' },
        { 'X-Retry-After': String(wait) },
      );
    }
    const delay = signInDelayMs(failed.total, rule.max);
    if (delay > 0) {
      log.warn({ component: 'auth', delayMs: delay }, 'sign-in to an account under attack slowed');
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  };

  return betterAuth({
    appName: 'Flowvault',
    baseURL: `${env.baseUrl}${AUTH_BASE_PATH}`,
    basePath: AUTH_BASE_PATH,
    secret: resolveAuthSecret(env, log),
    trustedOrigins: trustedOrigins(env),
    telemetry: { enabled: false },
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user, session, account, verification, rateLimit },
      transaction: true,
    }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      maxPasswordLength: MAX_PASSWORD_LENGTH,
      password: serialPasswordHashing(),
      requireEmailVerification: true,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      async sendResetPassword({ user: u, token }) {
        const url = resetPasswordLink(env.baseUrl, token);
        const content = isOperatorInvite(u.email)
          ? operatorInviteEmail({ url })
          : resetPasswordEmail({ url });
        await mail({ kind: 'reset', to: u.email, ...content }, url);
      },
      async onExistingUserSignUp({ user: u }) {
        const signInUrl = `${env.baseUrl}/auth`;
        await mail({ kind: 'account-exists', to: u.email, ...accountExistsEmail({ signInUrl }) }, signInUrl);
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60,
      async sendVerificationEmail({ user: u, url }) {
        await mail({ kind: 'verification', to: u.email, ...verificationEmail({ url }) }, url);
      },
    },
    user: { deleteUser: { enabled: true } },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24, cookieCache: { enabled: false } },
    rateLimit: {
      enabled: true,
      storage: 'database',
      window: 60,
      max: 100,
      customRules: {
        '/sign-in/email': limits.signIn,
        '/sign-up/email': limits.signUp,
        '/request-password-reset': limits.reset,
        '/reset-password': limits.reset,
        '/send-verification-email': limits.reset,
      },
    },
    advanced: {
      useSecureCookies: env.NODE_ENV === 'production' || env.baseUrl.startsWith('https://'),
      // Origin and CSRF checks stay on in every environment (better-auth skips them under test by default).
      disableOriginCheck: false,
      disableCSRFCheck: false,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => randomUUID() },
    },
    databaseHooks: {
      user: {
        create: {
          async after(created) {
            await db.insert(profiles).values({ userId: created.id }).onConflictDoNothing();
          },
        },
        update: { after: (updated) => viewerChanged(updated.id) },
        delete: { after: (deleted) => viewerChanged(deleted.id) },
      },
      session: { delete: { after: (ended) => viewerChanged(ended.userId) } },
      account: { update: { after: (changed) => viewerChanged(changed.userId) } },
    },
    hooks: {
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.path !== '/sign-in/email') return;
        // Sign-in attempts for the operator's auth diagnostics; a failure to record never blocks sign-in.
        const returned = ctx.context.returned;
        const failed = returned instanceof APIError;
        const email = (ctx.body as { email?: unknown } | undefined)?.email;
        if (typeof email !== 'string') return;
        await recordSignIn(db, {
          email,
          userId: ctx.context.newSession?.user.id ?? null,
          success: !failed,
          reason: failed
            ? String((returned.body as { code?: unknown } | undefined)?.code ?? returned.status)
            : null,
          userAgent: ctx.headers?.get('user-agent') ?? null,
          clientIp: ctx.headers?.get(CLIENT_IP_HEADER) ?? null,
        }).catch((error: unknown) => log.warn({ err: error }, 'could not record a sign-in event'));
      }),
      before: createAuthMiddleware(async (ctx) => {
        const chosen = (ctx.body as { newPassword?: unknown } | undefined)?.newPassword;
        if (ctx.path === '/change-password' && typeof chosen === 'string') {
          const session = await getSessionFromCtx(ctx).catch(() => null);
          refuseWeakPassword(chosen, session?.user.email);
        }
        if (ctx.path === '/reset-password' && typeof chosen === 'string') {
          // The account the reset link belongs to, for its e-mail (better-auth checks the token itself).
          const token = (ctx.body as { token?: unknown }).token ?? ctx.query?.token;
          const reset =
            typeof token === 'string'
              ? await ctx.context.internalAdapter.findVerificationValue(`reset-password:${token}`)
              : null;
          const owner = reset ? await ctx.context.internalAdapter.findUserById(reset.value) : null;
          refuseWeakPassword(chosen, owner?.email);
        }
        if (ctx.path === '/change-password') {
          // A new password ends every other session (ASVS 7.4.3), through better-auth's own revocation.
          return { context: { body: { ...(ctx.body as object), revokeOtherSessions: true } } };
        }
        if (ctx.path === '/sign-up/email' || ctx.path === '/sign-in/email') {
          const body = (ctx.body ?? {}) as { email?: unknown; password?: unknown };
          const email = typeof body.email === 'string' ? body.email.trim() : '';
          const password = typeof body.password === 'string' ? body.password : '';
          if (!email || !password) {
            throw new APIError('BAD_REQUEST', {
              message: MISSING_CREDENTIALS_MESSAGE,
              code: 'MISSING_CREDENTIALS',
            });
          }
          if (ctx.path === '/sign-up/email') refuseWeakPassword(password, email);
          if (ctx.path === '/sign-in/email')
            await limitPerAccount(email, ctx.headers?.get(CLIENT_IP_HEADER) ?? null);
          if (ctx.path === '/sign-up/email' && typeof (body as { name?: unknown }).name !== 'string') {
            // Our form has no name field: the display name lives in the profile.
            return { context: { body: { ...body, name: '' } } };
          }
        }
        if (ctx.path === '/delete-user') {
          const password = (ctx.body as { password?: unknown } | undefined)?.password;
          if (typeof password !== 'string' || password === '') {
            throw new APIError('BAD_REQUEST', {
              message: DELETE_NEEDS_PASSWORD_MESSAGE,
              code: 'PASSWORD_REQUIRED',
            });
          }
        }
      }),
    },
    plugins: [admin({ defaultRole: 'user', adminRoles: ['admin'] })],
    logger: {
      level: 'warn',
      log(level, message) {
        // Only the message: better-auth's extra arguments may carry request data.
        log[level]({ component: 'better-auth' }, message);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;

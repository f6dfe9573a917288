// The few better-auth endpoints the web app calls, plus our account endpoints. Plain fetch: JSON in,
// JSON out, same-origin cookies. Errors carry better-auth's code and message.
import type { Me, SignedOutMe } from '#shared/schemas/account.ts';

export class AuthRequestError extends Error {
  override name = 'AuthRequestError';
  readonly status: number;
  readonly code: string;
  constructor(status: number, code: string, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

async function request<T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const response = await fetch(path, {
    method: init.method ?? 'POST',
    credentials: 'same-origin',
    headers: init.body === undefined ? {} : { 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const data = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  if (!response.ok) {
    // better-auth answers { code, message }; our API { error: { code, message } }.
    const nested = (data?.error ?? null) as { code?: string; message?: string } | null;
    const code = String(data?.code ?? nested?.code ?? `HTTP_${response.status}`);
    const message = String(data?.message ?? nested?.message ?? response.statusText ?? 'Request failed');
    throw new AuthRequestError(response.status, code, message);
  }
  return data as T;
}

export const authApi = {
  /** `callbackURL`: where the verification link lands (a same-site path; better-auth checks it too). */
  signUp: (email: string, password: string, callbackURL = '/dashboard') =>
    request<{ token: string | null }>('/api/auth/sign-up/email', {
      body: { email, password, name: '', callbackURL },
    }),
  signIn: (email: string, password: string) =>
    request<{ token: string; user?: { role?: string | null } }>('/api/auth/sign-in/email', {
      body: { email, password, callbackURL: '/dashboard' },
    }),
  requestPasswordReset: (email: string) =>
    request<{ status: boolean }>('/api/auth/request-password-reset', {
      body: { email, redirectTo: '/auth?mode=reset' },
    }),
  resetPassword: (token: string, newPassword: string) =>
    request<{ status: boolean }>('/api/auth/reset-password', { body: { token, newPassword } }),
  signOut: (scope: 'global' | 'local' | 'others' = 'global') =>
    request<{ success: boolean }>('/api/account/sign-out', { body: { scope } }),
  deleteAccount: (password: string) =>
    request<{ success: boolean }>('/api/auth/delete-user', { body: { password } }),
  /** null when signed out. */
  async me(): Promise<Me | null> {
    try {
      const me = await request<Me | SignedOutMe>('/api/me', { method: 'GET' });
      return me.user ? (me as Me) : null;
    } catch (error) {
      if (error instanceof AuthRequestError && error.status === 401) return null;
      throw error;
    }
  },
  updateProfile: (displayName: string, bio: string) =>
    request<{ displayName: string; bio: string }>('/api/account/profile', {
      method: 'PUT',
      body: { displayName, bio },
    }),
  exportData: () => request<Record<string, unknown>>('/api/account/export', { method: 'GET' }),
};

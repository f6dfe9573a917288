// The spec's auth error table (part 1 §8): server message → shown text. Our server is better-auth,
// so its error codes are mapped; passwords are 8 characters minimum (DESIGN.md §9.7).
import { ApiError } from '#web/lib/api.ts';

/** One id for an auth form's error toast: a retry replaces it, a success takes it away. */
export const FORM_ERROR_TOAST = 'auth-form-error';

export const LOGIN_FAILED = 'Login failed';
export const REGISTRATION_FAILED = 'Registration failed';

export const AUTH_TEXTS = {
  invalidCredentials:
    'Invalid email or password. If you just registered, try using the password reset option below.',
  alreadyRegistered: 'This email is already registered. Try logging in instead.',
  passwordTooShort: 'Password should be at least 8 characters long.',
  passwordTooLong: 'Password should be at most 128 characters long.',
  invalidEmail: 'Please enter a valid email address.',
  connection: 'Connection issue. Please check your internet and try again.',
  network: 'Network error. Please try again in a moment.',
  emailNotVerified: 'Please confirm your email address first: we have sent you a new confirmation link.',
  generic: 'Something went wrong. Please try again.',
} as const;

const BY_CODE: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: AUTH_TEXTS.invalidCredentials,
  USER_ALREADY_EXISTS: AUTH_TEXTS.alreadyRegistered,
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: AUTH_TEXTS.alreadyRegistered,
  PASSWORD_TOO_SHORT: AUTH_TEXTS.passwordTooShort,
  PASSWORD_TOO_LONG: AUTH_TEXTS.passwordTooLong,
  INVALID_EMAIL: AUTH_TEXTS.invalidEmail,
  EMAIL_NOT_VERIFIED: AUTH_TEXTS.emailNotVerified,
};

/** The text shown for a failed auth call. */
export function authErrorText(error: unknown): string {
  if (error instanceof ApiError) {
    const mapped = BY_CODE[error.code];
    if (mapped) return mapped;
    // better-auth's request validation names the email field when it is malformed.
    if (error.code === 'VALIDATION_ERROR' && /email/i.test(error.message)) return AUTH_TEXTS.invalidEmail;
    // Our own messages (the "email or phone" rule, rate limits) are written to be shown as they are.
    if (error.code === 'MISSING_CREDENTIALS' || error.code === 'RATE_LIMITED') return error.message;
    return error.message || AUTH_TEXTS.generic;
  }
  const message = error instanceof Error ? error.message : String(error);
  if (/fetch/i.test(message)) return AUTH_TEXTS.connection;
  if (/network/i.test(message)) return AUTH_TEXTS.network;
  return AUTH_TEXTS.generic;
}

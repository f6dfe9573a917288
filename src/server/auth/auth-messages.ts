// Server-side texts of the auth feature. The web app maps better-auth's error codes to the spec's
// shown texts (src/shared/auth-errors.ts); these are the messages our own checks produce.

/** The spec's "email or phone" rule (part 1 §5) for a sign-up or sign-in without both fields. */
export const MISSING_CREDENTIALS_MESSAGE = 'You must provide either an email or phone number and a password';
export const DELETE_NEEDS_PASSWORD_MESSAGE = 'Enter your password to delete your account.';

export function tooManyRequestsMessage(retryAfterSeconds: number | null): string {
  const wait =
    retryAfterSeconds && retryAfterSeconds > 0
      ? `${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}`
      : 'a minute';
  return `Too many attempts. Please wait ${wait} and try again.`;
}

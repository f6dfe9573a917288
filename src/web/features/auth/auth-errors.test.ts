import { describe, expect, it } from 'vitest';
import { AuthRequestError } from './auth-api.ts';
import { authErrorText } from './auth-errors.ts';

describe('authErrorText: the spec table over better-auth codes', () => {
  const cases: [string, unknown, string][] = [
    [
      'wrong password / unknown email',
      new AuthRequestError(401, 'INVALID_EMAIL_OR_PASSWORD', 'Invalid email or password'),
      'Invalid email or password. If you just registered, try using the password reset option below.',
    ],
    [
      'already registered',
      new AuthRequestError(
        422,
        'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
        'User already exists. Use another email.',
      ),
      'This email is already registered. Try logging in instead.',
    ],
    [
      'short password',
      new AuthRequestError(400, 'PASSWORD_TOO_SHORT', 'Password too short'),
      'Password should be at least 8 characters long.',
    ],
    [
      'invalid email',
      new AuthRequestError(400, 'INVALID_EMAIL', 'Invalid email'),
      'Please enter a valid email address.',
    ],
    [
      'email validation error',
      new AuthRequestError(400, 'VALIDATION_ERROR', '[body.email] Invalid email address'),
      'Please enter a valid email address.',
    ],
    [
      'fetch failure',
      new TypeError('Failed to fetch'),
      'Connection issue. Please check your internet and try again.',
    ],
    ['network', new Error('NetworkError when attempting'), 'Network error. Please try again in a moment.'],
    [
      'the email-or-phone rule',
      new AuthRequestError(
        400,
        'MISSING_CREDENTIALS',
        'You must provide either an email or phone number and a password',
      ),
      'You must provide either an email or phone number and a password',
    ],
    [
      'rate limited',
      new AuthRequestError(429, 'RATE_LIMITED', 'Too many attempts. Please wait 30 seconds and try again.'),
      'Too many attempts. Please wait 30 seconds and try again.',
    ],
  ];
  it.each(cases)('%s', (_name, error, text) => {
    expect(authErrorText(error)).toBe(text);
  });
});

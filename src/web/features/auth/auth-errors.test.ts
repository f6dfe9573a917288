import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.ts';
import { authErrorText } from './auth-errors.ts';

describe('authErrorText: the spec table over better-auth codes', () => {
  const cases: [string, unknown, string][] = [
    [
      'wrong password / unknown email',
      new ApiError(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
      'Invalid email or password. If you just registered, try using the password reset option below.',
    ],
    [
      'already registered',
      new ApiError(422, {
        code: 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
        message: 'User already exists. Use another email.',
      }),
      'This email is already registered. Try logging in instead.',
    ],
    [
      'short password',
      new ApiError(400, { code: 'PASSWORD_TOO_SHORT', message: 'Password too short' }),
      'Password should be at least 8 characters long.',
    ],
    [
      'weak password: the server says why, and the form shows it as it is',
      new ApiError(400, {
        code: 'PASSWORD_TOO_WEAK',
        message:
          'This password is too easy to guess. Repeated characters like "aaa" are easy to guess. Add more words that are less common.',
      }),
      'This password is too easy to guess. Repeated characters like "aaa" are easy to guess. Add more words that are less common.',
    ],
    [
      'invalid email',
      new ApiError(400, { code: 'INVALID_EMAIL', message: 'Invalid email' }),
      'Please enter a valid email address.',
    ],
    [
      'email validation error',
      new ApiError(400, { code: 'VALIDATION_ERROR', message: '[body.email] Invalid email address' }),
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
      new ApiError(400, {
        code: 'MISSING_CREDENTIALS',
        message: 'You must provide either an email or phone number and a password',
      }),
      'You must provide either an email or phone number and a password',
    ],
    [
      'rate limited',
      new ApiError(429, {
        code: 'RATE_LIMITED',
        message: 'Too many attempts. Please wait 30 seconds and try again.',
      }),
      'Too many attempts. Please wait 30 seconds and try again.',
    ],
  ];
  it.each(cases)('%s', (_name, error, text) => {
    expect(authErrorText(error)).toBe(text);
  });
});

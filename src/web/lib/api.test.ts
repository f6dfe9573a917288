import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, authPost, unwrap } from './api.ts';

afterEach(() => vi.unstubAllGlobals());

const answer = (status: number, body: unknown) =>
  new Response(typeof body === 'string' ? body : JSON.stringify(body), { status });

describe('ApiError: one error for every call', () => {
  it('reads our error body, the first field message first', async () => {
    const error = await unwrap(
      answer(422, {
        error: {
          code: 'VALIDATION_FAILED',
          message: 'Some fields are not valid.',
          fields: { bio: ['Too long.'] },
        },
      }),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, code: 'VALIDATION_FAILED', message: 'Too long.' });
    expect((error as ApiError).fields).toEqual({ bio: ['Too long.'] });
  });

  it("reads better-auth's body", async () => {
    const error = await unwrap(
      answer(401, { code: 'INVALID_EMAIL_OR_PASSWORD', message: 'Invalid email or password' }),
    ).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 401,
      code: 'INVALID_EMAIL_OR_PASSWORD',
      message: 'Invalid email or password',
    });
  });

  it('names the status when the body is not JSON', async () => {
    const error = await unwrap(answer(502, '<html>Bad gateway</html>')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'INTERNAL', message: 'Request failed with status 502' });
  });
});

describe('authPost', () => {
  it("posts JSON to better-auth's endpoint and returns its body", async () => {
    const fetch = vi.fn(async () => answer(200, { status: true }));
    vi.stubGlobal('fetch', fetch);
    expect(await authPost('request-password-reset', { email: 'me@example.com' })).toEqual({ status: true });
    expect(fetch).toHaveBeenCalledWith(
      '/api/auth/request-password-reset',
      expect.objectContaining({ method: 'POST', body: '{"email":"me@example.com"}' }),
    );
  });

  it('fails with an ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(400, { code: 'INVALID_TOKEN', message: 'Invalid token' })),
    );
    await expect(authPost('reset-password', { token: 'x', newPassword: 'y' })).rejects.toMatchObject({
      name: 'ApiError',
      code: 'INVALID_TOKEN',
    });
  });
});

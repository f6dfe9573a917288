import { Hono } from 'hono';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AppEnv } from '#server/lib/context.ts';
import { handleError } from '#server/lib/error-handler.ts';
import { AppError } from '#server/lib/errors.ts';

function appThrowing(error: unknown) {
  const lines: string[] = [];
  const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
  const app = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('requestId', 'req-123');
      await next();
    })
    .get('/', () => {
      throw error;
    });
  app.onError((e, c) => handleError(e, c, log));
  return { app, lines };
}

describe('handleError', () => {
  it('maps an AppError to its status and safe message', async () => {
    const { app } = appThrowing(new AppError('CONFLICT', { userMessage: 'Already in collection' }));
    const res = await app.request('/');
    expect(res.status).toBe(409);
    expect(await res.json()).toEqual({
      error: { code: 'CONFLICT', message: 'Already in collection', requestId: 'req-123' },
    });
  });

  it('honours an explicit status', async () => {
    const { app } = appThrowing(new AppError('NOT_FOUND', { userMessage: 'Gone', status: 410 }));
    expect((await app.request('/')).status).toBe(410);
  });

  it('turns a zod error into 422 with field errors', async () => {
    const parsed = z.object({ email: z.email(), plan: z.string() }).safeParse({ email: 'x' });
    const { app } = appThrowing(parsed.error);
    const res = await app.request('/');
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.fields.email).toHaveLength(1);
    expect(body.error.fields.plan).toHaveLength(1);
  });

  it('hides an unexpected error behind a generic message with the request id, and logs it', async () => {
    const { app, lines } = appThrowing(new Error('db password is hunter2'));
    const res = await app.request('/');
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body.error.message).toBe(
      'Something went wrong on our side. Please try again. (reference req-123)',
    );
    expect(JSON.stringify(body)).not.toContain('hunter2');
    expect(lines.some((l) => l.includes('unhandled error') && l.includes('req-123'))).toBe(true);
  });
});

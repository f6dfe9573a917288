import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { lazyChild } from '#server/lib/logger.ts';
import { createTestApp } from '../support/test-app.ts';

// Each request's own log lines carry its request id (the X-Request-Id it answers with), so an operator
// can follow one request through the log; the per-request logger is made only when a route logs.

describe('request logs', () => {
  it("a route's warning and the request line carry the request's id", async () => {
    const lines: Record<string, unknown>[] = [];
    const log = pino({ level: 'info' }, { write: (l: string) => lines.push(JSON.parse(l)) });
    const t = await createTestApp({ log });
    const res = await t.request('/api/auth/sign-in/email', {
      method: 'POST',
      headers: { origin: 'https://elsewhere.example', 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@example.com', password: 'x' }),
    });
    expect(res.status).toBe(403);
    const id = res.headers.get('x-request-id');
    expect(id).toMatch(/^[\w-]{36}$/);
    const refused = lines.find((l) => l.msg === 'cross-site request refused');
    expect(refused).toMatchObject({ reqId: id, origin: 'https://elsewhere.example', level: 40 });
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ reqId: id, status: 403 });

    // Another request: its own id.
    lines.length = 0;
    const second = await t.request('/api/health');
    const secondId = second.headers.get('x-request-id');
    expect(secondId).not.toBe(id);
    expect(lines.find((l) => l.msg === 'request')).toMatchObject({ reqId: secondId });
  });

  it("the per-request logger binds the id and keeps the parent's level and redaction", () => {
    const lines: Record<string, unknown>[] = [];
    const parent = pino(
      { level: 'warn', redact: { paths: ['*.token'], censor: '[redacted]' } },
      { write: (l: string) => lines.push(JSON.parse(l)) },
    );
    const log = lazyChild(parent, { reqId: 'r-1' });
    log.info('below the level');
    log.warn({ call: { token: 'secret-value', to: 'n8n' } }, 'call failed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      reqId: 'r-1',
      msg: 'call failed',
      call: { token: '[redacted]', to: 'n8n' },
    });
    expect(log.isLevelEnabled('info')).toBe(false);
  });

  it('makes the child logger only when the request first logs, and once', () => {
    const parent = pino({ level: 'info' }, { write: () => {} });
    const child = vi.spyOn(parent, 'child');
    const log = lazyChild(parent, { reqId: 'r-2' });
    expect(child).not.toHaveBeenCalled();
    log.info('first');
    log.warn('second');
    expect(child).toHaveBeenCalledTimes(1);
    expect(child).toHaveBeenCalledWith({ reqId: 'r-2' });
  });
});

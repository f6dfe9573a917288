import { describe, expect, it } from 'vitest';
import { createTestApp } from '#tests/support/test-app.ts';

describe('GET /api/health', () => {
  it('reports ok after a database round trip', async () => {
    const { client, database } = await createTestApp();
    const res = await client.api.health.$get();
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      status: 'ok',
      version: 'test',
      database: { ok: true, driver: database.driver },
    });
    expect(typeof body.uptimeSeconds).toBe('number');
    expect(body.database.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('answers 503 degraded when the database is gone', async () => {
    const { client, database } = await createTestApp();
    await database.close();
    const res = await client.api.health.$get();
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'degraded', database: { ok: false, latencyMs: null } });
  });

  it('carries a request id and the security headers', async () => {
    const { client } = await createTestApp();
    const res = await client.api.health.$get();
    expect(res.headers.get('x-request-id')).toMatch(/^[\w-]{8,}$/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // HSTS only in production, where the site is behind HTTPS.
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

// Raw requests: an unknown path and hostile bodies test the wire, which the typed client cannot send.
describe('the error path', () => {
  it('turns an unknown API path into a JSON 404', async () => {
    const { request } = await createTestApp();
    const res = await request('/api/no-such-thing');
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({
      error: { code: 'NOT_FOUND', message: 'No such API endpoint.' },
    });
  });

  it('answers invalid input with 422 and field errors', async () => {
    const { request } = await createTestApp();
    const res = await request('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'explode', message: 5 }),
    });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body.error.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.error.fields).sort()).toEqual(['kind', 'message', 'path']);
  });

  it('refuses oversized bodies with 413', async () => {
    const { request } = await createTestApp();
    const res = await request('/api/client-errors', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'render', message: 'x', path: '/', stack: 'y'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect((await res.json()).error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('accepts a browser error report', async () => {
    const { client } = await createTestApp();
    const res = await client.api['client-errors'].$post({
      json: { kind: 'render', message: 'boom', path: '/dashboard' },
    });
    expect(res.status).toBe(204);
  });
});

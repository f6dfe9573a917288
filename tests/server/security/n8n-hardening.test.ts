// Holes 10 and 11 (issue 20): preflight to an unreachable n8n is a clean ok:false; a URL the SSRF guard
// refuses is never saved nor made the default; IPv4-compatible and -mapped IPv6 forms are refused and
// refusal messages never name a resolved address.
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { n8nConnections } from '#server/db/schema/n8n.ts';
import { createGuardedFetch } from '#server/n8n/ssrf-guard.ts';
import { classifyAddress } from '#server/n8n/ssrf-policy.ts';
import { appAs } from '#tests/support/app-as.ts';
import { startN8nStandin } from '#tests/support/n8n-standin.ts';
import { jsonHeaders, signIn } from '#tests/support/sessions.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../../fixtures/catalog/library');
const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(closers.splice(0).map((c) => c()));
});

async function post(
  t: TestApp,
  headers: Record<string, string>,
  url: string,
  body: unknown,
  method = 'POST',
) {
  const res = await t.request(`/api/n8n${url}`, {
    method,
    headers: jsonHeaders(t, headers),
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

it('preflight to an n8n that cannot be reached answers ok:false with a message (no 5xx)', async () => {
  const s = await startN8nStandin({ version: 'newer' });
  const port = s.port;
  const t = await createTestApp({
    envVars: { N8N_ALLOW_PRIVATE_TARGETS: 'true', N8N_ALLOW_HTTP: 'true', N8N_ALLOWED_PORTS: String(port) },
  });
  await importCatalogPath({ database: t.database, target: LIBRARY });
  const member = await signIn(t, 'member');
  const created = await post(t, member.headers, '/connections', { instanceUrl: s.url, apiKey: 'key-1' });
  expect(created.status).toBe(201);
  await s.close(); // the instance goes away
  const [row] = await t.database.db
    .select({ id: automations.id })
    .from(automations)
    .where(and(eq(automations.deployable, true), eq(automations.published, true)))
    .limit(1);
  const preflight = await post(t, member.headers, '/preflight', { automationId: row!.id });
  expect(preflight.status).toBe(200);
  expect(preflight.body.ok).toBe(false);
  expect(preflight.body.message).toBe('Could not reach your n8n instance');
  const deploy = await post(t, member.headers, '/deploy', { automationId: row!.id });
  expect(deploy.status).toBe(200);
  expect(deploy.body.ok).toBe(false);
});

describe('a URL the SSRF guard refuses is not saved', () => {
  const REFUSED = [
    'https://127.0.0.1',
    'https://[::1]',
    'https://[::127.0.0.1]',
    'https://[::ffff:127.0.0.1]',
    'https://[::ffff:7f00:1]',
    'https://169.254.169.254',
    'https://10.0.0.1',
    'https://0x7f000001',
    'https://n8n.example.com:22',
  ];

  it('on create: 422, no row, no default', async () => {
    const { t, viewer: member } = await appAs('member');
    for (const instanceUrl of REFUSED) {
      const res = await post(t, member.headers, '/connections', {
        instanceUrl,
        apiKey: 'k',
        isDefault: true,
      });
      expect(res.status, instanceUrl).toBe(422);
    }
    expect(await t.database.db.select().from(n8nConnections)).toHaveLength(0);
  });

  it('on edit: 422 and the saved URL and default stay as they were', async () => {
    const { t, viewer: member } = await appAs('member');
    const first = await post(t, member.headers, '/connections', {
      instanceUrl: 'https://n8n.invalid',
      apiKey: 'k',
    });
    const second = await post(t, member.headers, '/connections', {
      instanceUrl: 'https://other.invalid',
      apiKey: 'k',
    });
    expect([first.status, second.status]).toEqual([201, 201]);
    for (const instanceUrl of REFUSED) {
      const res = await post(
        t,
        member.headers,
        `/connections/${second.body.id}`,
        { instanceUrl, isDefault: true },
        'PATCH',
      );
      expect(res.status, instanceUrl).toBe(422);
    }
    const rows = await t.database.db.select().from(n8nConnections);
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(String(second.body.id))?.instanceUrl).toBe('https://other.invalid');
    expect(byId.get(String(second.body.id))?.isDefault).toBe(false);
    expect(byId.get(String(first.body.id))?.isDefault).toBe(true);
  });
});

describe('SSRF guard details', () => {
  it('refuses IPv4-compatible and IPv4-mapped IPv6 forms of internal addresses', () => {
    for (const ip of [
      '::7f00:1',
      '::127.0.0.1',
      '::a00:1',
      '::a9fe:a9fe',
      '::ffff:127.0.0.1',
      '::ffff:a9fe:a9fe',
    ]) {
      expect(classifyAddress(ip).allowed, ip).toBe(false);
    }
    expect(classifyAddress('::1').allowed).toBe(false);
    expect(classifyAddress('2606:4700::1111').allowed).toBe(true);
  });

  it('never names the address a host resolved to', async () => {
    const guarded = createGuardedFetch({ resolver: async () => [{ address: '10.20.30.40', family: 4 }] });
    closers.push(() => guarded.close());
    const call = await guarded('https://internal.example.com/api/v1/workflows').catch((e: Error) => e);
    expect(call).toBeInstanceOf(Error);
    expect((call as Error).message).not.toContain('10.20.30.40');
    expect((call as Error).message).toMatch(/not allowed/);
    const check = await guarded.check('https://internal.example.com').catch((e: Error) => e);
    expect((check as Error).message).not.toContain('10.20.30.40');
  });
});

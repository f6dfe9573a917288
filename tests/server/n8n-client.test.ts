import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '#server/lib/errors.ts';
import { deployWorkflow, planDeployment } from '#server/n8n/deploy.ts';
import { maskApiKey } from '#server/n8n/key-box.ts';
import { createN8nClient } from '#server/n8n/n8n-client.ts';
import { connectionFailedMessage, createWorkflowFailedMessage, N8nApiError } from '#server/n8n/n8n-errors.ts';
import { newWorkflowUrl, normalizeInstanceUrl } from '#server/n8n/n8n-urls.ts';
import { createOpenApiCache } from '#server/n8n/openapi-cache.ts';
import { createGuardedFetch } from '#server/n8n/ssrf-guard.ts';
import { type StandinVersion, startN8nStandin } from '#tests/support/n8n-standin.ts';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  await Promise.all(cleanups.splice(0).map((c) => c()));
});

async function setup(version: StandinVersion = 'newer', apiKey?: string) {
  const standin = await startN8nStandin({ version });
  const guarded = createGuardedFetch({ allowPrivateTargets: true, allowedPorts: [standin.port] });
  cleanups.push(
    () => guarded.close(),
    () => standin.close(),
  );
  const openapiCache = createOpenApiCache();
  const client = createN8nClient({
    fetch: guarded,
    openapiCache,
    instance: { url: standin.url, apiKey: apiKey ?? standin.apiKey },
  });
  return { standin, guarded, client, openapiCache };
}

const workflowFile = {
  name: 'Daily digest',
  id: 'old',
  active: true,
  nodes: [
    {
      name: 'Schedule',
      type: 'n8n-nodes-base.scheduleTrigger',
      typeVersion: 1,
      position: [0, 0],
      parameters: {},
    },
    {
      name: 'Mail',
      type: 'n8n-nodes-base.emailSend',
      typeVersion: 2,
      position: [200, 0],
      parameters: {},
      credentials: { smtp: { id: '3', name: 'Work SMTP' } },
    },
  ],
  connections: { Schedule: { main: [[{ node: 'Mail', type: 'main', index: 0 }]] } },
  settings: { executionOrder: 'v1' },
};

describe('instance URL and key handling', () => {
  it('normalizes the instance URL', () => {
    expect(normalizeInstanceUrl(' https://n8n.example.com/ ')).toBe('https://n8n.example.com');
    expect(normalizeInstanceUrl('https://n8n.example.com//')).toBe('https://n8n.example.com');
    expect(normalizeInstanceUrl('https://example.com/n8n/api/v1/')).toBe('https://example.com/n8n');
    expect(normalizeInstanceUrl('http://n8n.local:5678/', { allowHttp: true })).toBe('http://n8n.local:5678');
    expect(() => normalizeInstanceUrl('http://n8n.example.com')).toThrow(AppError);
    expect(() => normalizeInstanceUrl('https://u:p@n8n.example.com')).toThrow(AppError);
    expect(() => normalizeInstanceUrl('https://n8n.example.com/?x=1')).toThrow(AppError);
    expect(() => normalizeInstanceUrl('n8n.example.com')).toThrow(AppError);
  });

  it('masks keys', () => {
    expect(maskApiKey('n8n_api_0123456789abcdef')).toBe('••••cdef');
    expect(maskApiKey('short')).toBe('••••');
  });
});

describe('n8n client against the stand-in', () => {
  it('tests the connection with X-N8N-API-KEY and counts workflows', async () => {
    const { standin, client } = await setup();
    expect(await client.testConnection()).toEqual({ workflowCount: 0, countComplete: true });
    for (let i = 0; i < 7; i++)
      await client.createWorkflow({ name: `w${i}`, nodes: [], connections: {}, settings: {} });
    expect(await client.testConnection()).toEqual({ workflowCount: 7, countComplete: true });
    expect(await client.countWorkflows({ pageSize: 3 })).toEqual({ count: 7, complete: true });
    expect(await client.countWorkflows({ pageSize: 2, maxPages: 2 })).toEqual({ count: 4, complete: false });
    const probe = standin.requests.find((r) => r.path === '/api/v1/workflows?limit=1');
    expect(probe?.apiKey).toBe(standin.apiKey);
    expect(standin.requests.every((r) => r.authorization === undefined)).toBe(true);
  });

  it('reports a refused key as "Connection failed: {status} {statusText}. {body}"', async () => {
    const { client } = await setup('newer', 'n8n_api_wrong_key_123456');
    const error = await client.testConnection().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(N8nApiError);
    expect(connectionFailedMessage(error)).toBe(
      `Connection failed: 401 Unauthorized. {"message":"'X-N8N-API-KEY' header required"}`,
    );
    expect(connectionFailedMessage(new Error('boom'))).toBe('Unknown connection error');
  });

  it('never echoes the key back in an error body', async () => {
    const { standin, client } = await setup();
    standin.setFaults({ status: { status: 500, body: { message: `bad key ${standin.apiKey}` } } });
    const error = await client.listWorkflows().catch((e: unknown) => e);
    expect(connectionFailedMessage(error)).toBe(
      `Connection failed: 500 Internal Server Error. {"message":"bad key ${maskApiKey(standin.apiKey)}"}`,
    );
    expect(connectionFailedMessage(error)).not.toContain(standin.apiKey);
  });

  it('explains refusals and timeouts without a status', async () => {
    const guarded = createGuardedFetch(); // private targets not allowed
    cleanups.push(() => guarded.close());
    const client = createN8nClient({
      fetch: guarded,
      instance: { url: 'http://127.0.0.1:5678', apiKey: 'k'.repeat(20) },
    });
    const refused = await client.testConnection().catch((e: unknown) => e);
    expect(refused).toMatchObject({ kind: 'refused' });
    expect(connectionFailedMessage(refused)).toBe(
      'Refused: Address 127.0.0.1 is not allowed (loopback). An n8n on a private network or on this server can be used only if the operator of this Flowvault sets N8N_ALLOW_PRIVATE_TARGETS=true.',
    );

    const { standin } = await setup();
    const slow = createGuardedFetch({
      allowPrivateTargets: true,
      allowedPorts: [standin.port],
      timeoutMs: 150,
    });
    cleanups.push(() => slow.close());
    standin.setFaults({ delayMs: 600 });
    const slowClient = createN8nClient({
      fetch: slow,
      instance: { url: standin.url, apiKey: standin.apiKey },
    });
    const timedOut = await slowClient.testConnection().catch((e: unknown) => e);
    expect(connectionFailedMessage(timedOut)).toBe('Your n8n instance did not answer in time');
  });

  it('deploys through preflight, activates, deactivates, and reads executions', async () => {
    const { standin, client } = await setup('older');
    const plan = await planDeployment(client, workflowFile);
    expect(plan.payload.settings).toEqual({}); // the older instance does not accept executionOrder
    expect(plan.credentials).toEqual([{ type: 'smtp', name: 'Work SMTP', nodes: ['Mail'] }]);

    const deployed = await deployWorkflow(client, workflowFile, { name: 'Daily digest (Flowvault)' });
    expect(deployed.name).toBe('Daily digest (Flowvault)');
    expect(deployed.workflowUrl).toBe(`${standin.url}/workflow/${deployed.workflowId}`);
    expect(newWorkflowUrl(standin.url)).toBe(`${standin.url}/workflow/new`);
    expect(standin.workflows.get(deployed.workflowId)?.active).toBe(false);

    expect((await client.activateWorkflow(deployed.workflowId)).active).toBe(true);
    expect((await client.getWorkflow(deployed.workflowId)).active).toBe(true);
    expect((await client.deactivateWorkflow(deployed.workflowId)).active).toBe(false);
    const activate = standin.requests.find((r) => r.path.endsWith('/activate'));
    expect(activate?.method).toBe('POST');

    standin.reportExecution({
      workflowId: deployed.workflowId,
      status: 'success',
      startedAt: '2026-01-01T10:00:00.000Z',
      stoppedAt: '2026-01-01T10:00:02.500Z',
    });
    standin.reportExecution({ workflowId: deployed.workflowId, status: 'error' });
    standin.reportExecution({ workflowId: 'someone-else', status: 'success' });
    standin.reportExecution({ workflowId: deployed.workflowId, status: 'running', stoppedAt: null });

    const all = await client.listExecutions({ workflowId: deployed.workflowId });
    expect(all.data.map((e) => e.status)).toEqual(['running', 'error', 'success']);
    expect(all.data[2]).toEqual({
      id: '1',
      workflowId: deployed.workflowId,
      status: 'success',
      mode: 'trigger',
      startedAt: '2026-01-01T10:00:00.000Z',
      stoppedAt: '2026-01-01T10:00:02.500Z',
      waitTill: null,
    });
    const failed = await client.listExecutions({ workflowId: deployed.workflowId, status: 'error' });
    expect(failed.data.map((e) => e.id)).toEqual(['2']);
    const paged = await client.listExecutions({ limit: 2 });
    expect(paged.data).toHaveLength(2);
    expect(paged.nextCursor).not.toBeNull();
    expect(standin.requests.some((r) => r.path.startsWith('/api/v1/executions?includeData=false'))).toBe(
      true,
    );
  });

  it('reports "Failed to create workflow: …" when n8n refuses the payload', async () => {
    const { client } = await setup('older');
    const error = await client
      .createWorkflow({ name: 'x', nodes: [], connections: {}, settings: { executionOrder: 'v1' } })
      .catch((e: unknown) => e);
    expect(createWorkflowFailedMessage(error)).toBe(
      'Failed to create workflow: 400 Bad Request. {"message":"request/body/settings must NOT have additional properties"}',
    );
  });

  it('refuses a non-workflow before calling n8n', async () => {
    const { standin, client } = await setup();
    const before = standin.requests.filter((r) => r.method === 'POST').length;
    await expect(deployWorkflow(client, '{}')).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
      userMessage: 'Not an n8n workflow: the file is an empty object',
    });
    expect(standin.requests.filter((r) => r.method === 'POST').length).toBe(before);
  });

  it('caches openapi.yml per instance and reads it without the key', async () => {
    const { standin, client, openapiCache } = await setup();
    await client.getCapabilities();
    await client.getCapabilities();
    const specCalls = standin.requests.filter((r) => r.path === '/api/v1/openapi.yml');
    expect(specCalls).toHaveLength(1);
    expect(specCalls[0]?.apiKey).toBeUndefined();
    expect(openapiCache.size()).toBe(1);
    openapiCache.invalidate(client.instanceUrl);
    await client.getCapabilities();
    expect(standin.requests.filter((r) => r.path === '/api/v1/openapi.yml')).toHaveLength(2);
  });

  it('falls back to the baseline when the instance hides its openapi.yml', async () => {
    const { standin, guarded, client } = await setup();
    // Under this base URL the instance answers 404 for /api/v1/openapi.yml.
    const hidden = createN8nClient({
      fetch: guarded,
      instance: { url: `${standin.url}/hidden`, apiKey: standin.apiKey },
    });
    const lookup = await hidden.getCapabilities();
    expect(lookup.capabilities.source).toBe('baseline');
    expect(lookup.fallbackReason).toBe('n8n openapi failed: 404 Not Found');
    expect((await client.getCapabilities()).capabilities.source).toBe('openapi');
  });

  it('reads the n8n version when the instance reports it, without sending the key', async () => {
    for (const version of ['older', 'newer'] as const) {
      const { standin, client } = await setup(version);
      expect(await client.getVersion()).toBe(standin.n8nVersion);
      expect(standin.requests.find((r) => r.path === '/rest/settings')?.apiKey).toBeUndefined();
    }
  });
});

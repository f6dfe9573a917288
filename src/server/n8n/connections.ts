// A member's n8n connections: several instances, one default. Keys are sealed at rest and shown
// masked; editing the URL or the key resets the status to disconnected (spec part 2 §4).
import { and, asc, desc, eq, ne } from 'drizzle-orm';
import type { Database, DbHandle } from '#server/db/client.ts';
import { deployments, n8nConnections } from '#server/db/schema/n8n.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Logger } from '#server/lib/logger.ts';
import type { EventBus } from '#server/realtime/event-bus.ts';
import {
  N8N_TEXT,
  type N8nConnectionCreate,
  type N8nConnectionUpdate,
  type N8nConnectionView,
  type N8nTestResult,
} from '#shared/schemas/n8n.ts';
import { type KeyBox, maskApiKey } from './key-box.ts';
import { createN8nClient, type N8nClient } from './n8n-client.ts';
import { connectionFailedMessage } from './n8n-errors.ts';
import { normalizeInstanceUrl } from './n8n-urls.ts';
import type { OpenApiCache } from './openapi-cache.ts';
import type { GuardedFetch } from './ssrf-guard.ts';
import { operatorHint, SsrfBlockedError } from './ssrf-policy.ts';

export type N8nDeps = {
  db: Database;
  database: Pick<DbHandle, 'driver' | 'pglite' | 'pool'>;
  bus: EventBus;
  log: Logger;
  fetch: GuardedFetch;
  keyBox: KeyBox;
  openapiCache: OpenApiCache;
  allowHttp: boolean;
};

export type ConnectionRow = typeof n8nConnections.$inferSelect;

export const MAX_CONNECTIONS_PER_MEMBER = 20;

export function toConnectionView(row: ConnectionRow): N8nConnectionView {
  return {
    id: row.id,
    name: row.name,
    instanceUrl: row.instanceUrl,
    apiKeyMasked: row.apiKeyMask,
    webhookUrl: row.webhookUrl,
    isDefault: row.isDefault,
    status: row.status,
    lastTestMessage: row.lastTestMessage,
    lastTestedAt: row.lastTestedAt?.toISOString() ?? null,
    workflowCount: row.workflowCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('NOT_FOUND', { userMessage: 'n8n connection not found' });

export async function listConnections(deps: N8nDeps, userId: string): Promise<ConnectionRow[]> {
  return deps.db
    .select()
    .from(n8nConnections)
    .where(eq(n8nConnections.userId, userId))
    .orderBy(desc(n8nConnections.isDefault), asc(n8nConnections.createdAt));
}

export async function getConnection(deps: N8nDeps, userId: string, id: string): Promise<ConnectionRow> {
  const [row] = await deps.db
    .select()
    .from(n8nConnections)
    .where(and(eq(n8nConnections.userId, userId), eq(n8nConnections.id, id)))
    .limit(1);
  if (!row) throw notFound();
  return row;
}

/** The given connection, else the member's default; 'N8N instance URL and API key are required…' without one. */
export async function resolveConnection(deps: N8nDeps, userId: string, id?: string): Promise<ConnectionRow> {
  if (id) return getConnection(deps, userId, id);
  const [row] = await deps.db
    .select()
    .from(n8nConnections)
    .where(and(eq(n8nConnections.userId, userId), eq(n8nConnections.isDefault, true)))
    .limit(1);
  if (!row) throw new AppError('CONFLICT', { userMessage: N8N_TEXT.notConfigured });
  return row;
}

/** The member's own deployment, with its n8n workflow and connection; NOT_FOUND otherwise (another's too). */
export async function memberDeployment(deps: Pick<N8nDeps, 'db'>, userId: string, deploymentId: string) {
  const [row] = await deps.db
    .select()
    .from(deployments)
    .where(and(eq(deployments.id, deploymentId), eq(deployments.userId, userId)));
  if (!row?.n8nWorkflowId || !row.connectionId)
    throw new AppError('NOT_FOUND', { userMessage: 'Deployment not found' });
  return { ...row, n8nWorkflowId: row.n8nWorkflowId, connectionId: row.connectionId };
}

export function clientFor(deps: N8nDeps, instance: { url: string; apiKey: string }): N8nClient {
  return createN8nClient({ fetch: deps.fetch, openapiCache: deps.openapiCache, instance });
}

export function clientForRow(deps: N8nDeps, row: ConnectionRow): N8nClient {
  let apiKey: string;
  try {
    apiKey = deps.keyBox.open(row.apiKeySealed);
  } catch (error) {
    throw new AppError('CONFLICT', {
      userMessage: 'The saved API key can no longer be read. Enter it again in Settings.',
      cause: error,
    });
  }
  return clientFor(deps, { url: row.instanceUrl, apiKey });
}

function defaultName(instanceUrl: string): string {
  return new URL(instanceUrl).host;
}

/** A URL the SSRF guard refuses is never saved (nor made the default): 422 with the rule. */
async function assertAllowedTarget(deps: N8nDeps, instanceUrl: string): Promise<void> {
  try {
    await deps.fetch.check(instanceUrl);
  } catch (error) {
    if (!(error instanceof SsrfBlockedError)) throw error;
    throw new AppError('VALIDATION_FAILED', {
      userMessage: `This n8n address cannot be used: ${error.message}.${operatorHint(error)}`,
      cause: error,
    });
  }
}

export async function createConnection(
  deps: N8nDeps,
  userId: string,
  input: Omit<N8nConnectionCreate, 'webhookUrl'> & { webhookUrl?: string | null },
): Promise<ConnectionRow> {
  const instanceUrl = normalizeInstanceUrl(input.instanceUrl, { allowHttp: deps.allowHttp });
  await assertAllowedTarget(deps, instanceUrl);
  const existing = await listConnections(deps, userId);
  if (existing.length >= MAX_CONNECTIONS_PER_MEMBER) {
    throw new AppError('CONFLICT', {
      userMessage: `You can keep at most ${MAX_CONNECTIONS_PER_MEMBER} n8n instances.`,
    });
  }
  const makeDefault = input.isDefault === true || existing.length === 0;
  return deps.db.transaction(async (tx) => {
    if (makeDefault) {
      await tx.update(n8nConnections).set({ isDefault: false }).where(eq(n8nConnections.userId, userId));
    }
    const [row] = await tx
      .insert(n8nConnections)
      .values({
        userId,
        name: input.name?.trim() || defaultName(instanceUrl),
        instanceUrl,
        apiKeySealed: deps.keyBox.seal(input.apiKey),
        apiKeyMask: maskApiKey(input.apiKey),
        webhookUrl: input.webhookUrl ?? null,
        isDefault: makeDefault,
        status: 'disconnected',
      })
      .returning();
    return row!;
  });
}

export async function updateConnection(
  deps: N8nDeps,
  userId: string,
  id: string,
  input: Omit<N8nConnectionUpdate, 'webhookUrl'> & { webhookUrl?: string | null },
): Promise<ConnectionRow> {
  const current = await getConnection(deps, userId, id);
  const patch: Partial<typeof n8nConnections.$inferInsert> = { updatedAt: new Date() };
  if (input.name !== undefined) patch.name = input.name;
  if (input.webhookUrl !== undefined) patch.webhookUrl = input.webhookUrl;
  let credentialsChanged = false;
  if (input.instanceUrl !== undefined) {
    const url = normalizeInstanceUrl(input.instanceUrl, { allowHttp: deps.allowHttp });
    if (url !== current.instanceUrl) {
      await assertAllowedTarget(deps, url);
      patch.instanceUrl = url;
      credentialsChanged = true;
    }
  }
  if (input.apiKey !== undefined) {
    patch.apiKeySealed = deps.keyBox.seal(input.apiKey);
    patch.apiKeyMask = maskApiKey(input.apiKey);
    credentialsChanged = true;
  }
  if (credentialsChanged) {
    patch.status = 'disconnected';
    patch.workflowCount = null;
    patch.lastTestMessage = null;
  }
  return deps.db.transaction(async (tx) => {
    if (input.isDefault) {
      await tx
        .update(n8nConnections)
        .set({ isDefault: false })
        .where(and(eq(n8nConnections.userId, userId), ne(n8nConnections.id, id)));
      patch.isDefault = true;
    }
    const [row] = await tx
      .update(n8nConnections)
      .set(patch)
      .where(and(eq(n8nConnections.userId, userId), eq(n8nConnections.id, id)))
      .returning();
    return row!;
  });
}

/** Removes a connection; the oldest remaining one becomes the default when the default goes. */
export async function deleteConnection(deps: N8nDeps, userId: string, id: string): Promise<void> {
  const current = await getConnection(deps, userId, id);
  await deps.db.transaction(async (tx) => {
    await tx.delete(n8nConnections).where(and(eq(n8nConnections.userId, userId), eq(n8nConnections.id, id)));
    if (!current.isDefault) return;
    const [next] = await tx
      .select({ id: n8nConnections.id })
      .from(n8nConnections)
      .where(eq(n8nConnections.userId, userId))
      .orderBy(asc(n8nConnections.createdAt))
      .limit(1);
    if (next) await tx.update(n8nConnections).set({ isDefault: true }).where(eq(n8nConnections.id, next.id));
  });
}

/** `GET {instance}/api/v1/workflows?limit=1` with the key → connected (workflow count) or disconnected. */
export async function testClient(client: N8nClient): Promise<N8nTestResult> {
  try {
    const { workflowCount, countComplete } = await client.testConnection();
    return {
      ok: true,
      status: 'connected',
      workflowCount,
      countComplete,
      message: `Connected: ${workflowCount}${countComplete ? '' : '+'} workflow${workflowCount === 1 ? '' : 's'}`,
    };
  } catch (error) {
    return { ok: false, status: 'disconnected', message: connectionFailedMessage(error) };
  }
}

/** Test Connection on values not saved yet (nothing stored). */
export async function testDraft(deps: N8nDeps, input: { instanceUrl: string; apiKey: string }) {
  const url = normalizeInstanceUrl(input.instanceUrl, { allowHttp: deps.allowHttp });
  return testClient(clientFor(deps, { url, apiKey: input.apiKey }));
}

/** Test Connection on a saved connection: testing → connected | disconnected, stored with the time. */
export async function testSavedConnection(
  deps: N8nDeps,
  userId: string,
  id: string,
): Promise<{ result: N8nTestResult; connection: ConnectionRow }> {
  const row = await getConnection(deps, userId, id);
  const client = clientForRow(deps, row);
  await deps.db.update(n8nConnections).set({ status: 'testing' }).where(eq(n8nConnections.id, row.id));
  const result = await testClient(client);
  const [connection] = await deps.db
    .update(n8nConnections)
    .set({
      status: result.status,
      lastTestMessage: result.message,
      lastTestedAt: new Date(),
      workflowCount: result.ok ? result.workflowCount : null,
    })
    .where(eq(n8nConnections.id, row.id))
    .returning();
  return { result, connection: connection! };
}

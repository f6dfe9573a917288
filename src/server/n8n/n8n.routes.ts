// /api/n8n: a member's n8n connections, Test Connection, preflight, deploy, history, Emergency Stop,
// Health Check and Recent Runs. Every call to n8n goes through the SSRF-guarded fetch.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireMember, requireUser } from '#server/auth/guards.ts';
import type { DbHandle } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Logger } from '#server/lib/logger.ts';
import { validate } from '#server/lib/validate.ts';
import { type EventBus, processBus } from '#server/realtime/event-bus.ts';
import {
  N8nConnectionCreateSchema,
  N8nConnectionUpdateSchema,
  N8nDeploySchema,
  N8nDraftTestSchema,
  type N8nHealthView,
  N8nRunsQuerySchema,
  QuickActionParamSchema,
} from '#shared/schemas/n8n.ts';
import {
  clientForRow,
  createConnection,
  deleteConnection,
  getConnection,
  listConnections,
  type N8nDeps,
  testClient,
  testDraft,
  testSavedConnection,
  toConnectionView,
  updateConnection,
} from './connections.ts';
import {
  deployAutomation,
  emergencyStop,
  listDeployments,
  preflightAutomation,
  publishDeployment,
} from './deployments.ts';
import { createKeyBox, N8N_KEY_SECRET_FILE, resolveN8nKeySecret } from './key-box.ts';
import { createOpenApiCache } from './openapi-cache.ts';
import { latestDeployable, markQuickActionUsed, quickActionsView } from './quick-actions.ts';
import { recentRuns } from './runs.ts';
import { createGuardedFetch, type GuardedFetch } from './ssrf-guard.ts';
import { DEFAULT_ALLOWED_PORTS } from './ssrf-policy.ts';

const IdParamSchema = z.object({ id: z.uuid() });

const DeploymentsQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  pageSize: z.coerce.number().int().min(1).max(100).optional().default(50),
  /** One template's deployments: the deploy dialog warns before a second copy (issue 43). */
  automationId: z.string().min(1).max(300).optional(),
});

export function createN8nDeps(deps: {
  env: Env;
  database: DbHandle;
  log: Logger;
  bus?: EventBus;
  fetch?: GuardedFetch;
}): N8nDeps {
  const { env } = deps;
  if (!env.N8N_KEY_SECRET && env.NODE_ENV !== 'test') {
    deps.log.warn(
      `N8N_KEY_SECRET is not set: members’ n8n API keys are encrypted with the key generated in ${env.DATA_DIR}/${N8N_KEY_SECRET_FILE}`,
    );
  }
  return {
    db: deps.database.db,
    database: deps.database,
    bus: deps.bus ?? processBus,
    log: deps.log,
    fetch:
      deps.fetch ??
      createGuardedFetch({
        allowPrivateTargets: env.N8N_ALLOW_PRIVATE_TARGETS ?? false,
        allowedPorts: [...DEFAULT_ALLOWED_PORTS, ...(env.N8N_ALLOWED_PORTS ?? [])],
      }),
    keyBox: createKeyBox(resolveN8nKeySecret(env)),
    openapiCache: createOpenApiCache(),
    allowHttp: env.N8N_ALLOW_HTTP ?? false,
  };
}

export function n8nRoutes(deps: N8nDeps) {
  // Listing and removing the n8n keys stored for them is open to every signed-in user, with lifetime
  // access or without (unpaid, refunded): their data is theirs to delete (issue 43). The rest is members'.
  return new Hono<AppEnv>()
    .get('/connections', requireUser, async (c) => {
      const rows = await listConnections(deps, c.var.viewer!.userId);
      return c.json({ items: rows.map(toConnectionView) });
    })
    .delete('/connections/:id', requireUser, validate('param', IdParamSchema), async (c) => {
      await deleteConnection(deps, c.var.viewer!.userId, c.req.valid('param').id);
      return c.json({ ok: true as const });
    })
    .use(requireMember)
    .post('/connections', validate('json', N8nConnectionCreateSchema), async (c) => {
      const row = await createConnection(deps, c.var.viewer!.userId, c.req.valid('json'));
      return c.json(toConnectionView(row), 201);
    })
    .patch(
      '/connections/:id',
      validate('param', IdParamSchema),
      validate('json', N8nConnectionUpdateSchema),
      async (c) => {
        const row = await updateConnection(
          deps,
          c.var.viewer!.userId,
          c.req.valid('param').id,
          c.req.valid('json'),
        );
        return c.json(toConnectionView(row));
      },
    )
    .post('/connections/:id/test', validate('param', IdParamSchema), async (c) => {
      const { result, connection } = await testSavedConnection(
        deps,
        c.var.viewer!.userId,
        c.req.valid('param').id,
      );
      return c.json({ result, connection: toConnectionView(connection) });
    })
    .get('/connections/:id/health', validate('param', IdParamSchema), async (c) => {
      const row = await getConnection(deps, c.var.viewer!.userId, c.req.valid('param').id);
      const client = clientForRow(deps, row);
      const connection = await testClient(client);
      let capabilities: N8nHealthView['capabilities'] = null;
      let n8nVersion: string | null = null;
      if (connection.ok) {
        const [lookup, version] = await Promise.all([
          client.getCapabilities().catch(() => null),
          client.getVersion().catch(() => null),
        ]);
        n8nVersion = version;
        if (lookup) {
          capabilities = {
            source: lookup.capabilities.source,
            apiVersion: lookup.capabilities.apiVersion,
            fallbackReason: lookup.fallbackReason,
            workflowFields: lookup.capabilities.workflowFields,
            settingsKeys: Object.keys(lookup.capabilities.settings),
          };
        }
      }
      const body: N8nHealthView = { connection, n8nVersion, capabilities };
      return c.json(body);
    })
    .post('/test', validate('json', N8nDraftTestSchema), async (c) => {
      return c.json(await testDraft(deps, c.req.valid('json')));
    })
    .post('/preflight', validate('json', N8nDeploySchema), async (c) => {
      return c.json(await preflightAutomation(deps, c.var.viewer!.userId, c.req.valid('json')));
    })
    .post('/deploy', validate('json', N8nDeploySchema), async (c) => {
      return c.json(await deployAutomation(deps, c.var.viewer!.userId, c.req.valid('json')));
    })
    .get('/deployments', validate('query', DeploymentsQuerySchema), async (c) => {
      const { automationId, ...paging } = c.req.valid('query');
      const { items, total } = await listDeployments(deps, c.var.viewer!.userId, paging, automationId);
      return c.json({ items, total, ...paging });
    })
    .post('/deployments/:id/publish', validate('param', IdParamSchema), async (c) => {
      return c.json(await publishDeployment(deps, c.var.viewer!.userId, c.req.valid('param').id));
    })
    .post('/emergency-stop', async (c) => {
      const result = await emergencyStop(deps, c.var.viewer!.userId);
      await markQuickActionUsed(deps, c.var.viewer!.userId, 'emergency-stop');
      return c.json(result);
    })
    .get('/quick-actions', async (c) => {
      return c.json(await quickActionsView(deps, c.var.viewer!.userId));
    })
    .post('/quick-actions/deploy-latest', async (c) => {
      const userId = c.var.viewer!.userId;
      const latest = await latestDeployable(deps);
      if (!latest)
        throw new AppError('NOT_FOUND', { userMessage: 'No deployable workflow in the library yet.' });
      const result = await deployAutomation(deps, userId, { automationId: latest.id });
      await markQuickActionUsed(deps, userId, 'deploy-latest');
      return c.json(result);
    })
    .post('/quick-actions/used/:action', validate('param', QuickActionParamSchema), async (c) => {
      const at = await markQuickActionUsed(deps, c.var.viewer!.userId, c.req.valid('param').action);
      return c.json({ action: c.req.valid('param').action, lastUsedAt: at });
    })
    .get('/runs', validate('query', N8nRunsQuerySchema), async (c) => {
      return c.json(await recentRuns(deps, c.var.viewer!.userId, c.req.valid('query').limit));
    });
}

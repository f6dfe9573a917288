import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { requestId } from 'hono/request-id';
import { secureHeaders } from 'hono/secure-headers';
import { adminRoutes, CATALOG_UPLOAD_PATH } from '#server/admin/admin.routes.ts';
import { verificationRoutes } from '#server/admin/verification.routes.ts';
import { accountRoutes } from '#server/auth/account.routes.ts';
import { authRoutes } from '#server/auth/auth.routes.ts';
import { tooManyRequestsMessage } from '#server/auth/auth-messages.ts';
import { type Auth, trustedOrigins } from '#server/auth/create-auth.ts';
import { localAdminRoutes } from '#server/auth/local-admin.routes.ts';
import { billingRoutes } from '#server/billing/billing.routes.ts';
import type { BillingDeps } from '#server/billing/billing-deps.ts';
import { LOCAL_SANDBOX_PATH, type PayPalSetup } from '#server/billing/paypal-setup.ts';
import { catalogRoutes } from '#server/catalog/catalog.routes.ts';
import { catalogReads } from '#server/catalog/search-reads.ts';
import { templateVersionRoutes } from '#server/catalog/versions.routes.ts';
import { siteInboxRoutes } from '#server/content/site.routes.ts';
import type { DbHandle } from '#server/db/client.ts';
import type { Env } from '#server/env.ts';
import { compressResponses } from '#server/lib/compress.ts';
import type { AppEnv, Viewer } from '#server/lib/context.ts';
import { errorBody, handleError } from '#server/lib/error-handler.ts';
import { type Logger, lazyChild, requestLineLogger } from '#server/lib/logger.ts';
import { requestGuard } from '#server/lib/request-guard.ts';
import { jsonDepthLimit } from '#server/lib/validate.ts';
import { eventsRoutes } from '#server/library/events.routes.ts';
import { libraryRoutes } from '#server/library/library.routes.ts';
import { MAIL_VIEWER_PATH, mailViewer } from '#server/mail/mail-viewer.ts';
import type { N8nDeps } from '#server/n8n/connections.ts';
import { createN8nDeps, n8nRoutes } from '#server/n8n/n8n.routes.ts';
import { templateUpdateRoutes } from '#server/n8n/template-update.routes.ts';
import { type EventBus, processBus } from '#server/realtime/event-bus.ts';
import { createEventHub, type EventHub } from '#server/realtime/event-hub.ts';
import { createSearchIndex } from '#server/search/index.ts';
import { catalogueRoutes } from '#server/site/catalogue/catalogue.routes.ts';
import { createClaimSource } from '#server/site/claim-figures.ts';
import { shareImageRoutes } from '#server/site/og.routes.ts';
import { siteRoutes } from '#server/site/site.routes.ts';
import { loadBuiltRenderer } from '#server/site/ssr-entry.ts';
import { type Metrics, metricsAccess } from '#server/system/metrics.ts';
import { systemRoutes } from '#server/system/system.routes.ts';
import { redactHostToken, TEMPLATES_HOST_PATH } from '#server/templates-host/host-tokens.ts';
import { templatesHostRoutes } from '#server/templates-host/templates-host.routes.ts';
import { templatesHostSettingsRoutes } from '#server/templates-host/templates-host-settings.routes.ts';
import type { PageRenderer } from '#shared/site/page-render.ts';

export type AppDeps = {
  env: Env;
  database: DbHandle;
  log: Logger;
  version: string;
  startedAt: number;
  /** Folder of the built web app (dist/client). Without it the app serves the API only. */
  webRoot?: string;
  /** The pages React renders on request (default: the built SSR entry, src/server/site/ssr-entry.ts). */
  renderer?: () => Promise<PageRenderer>;
  /** Resolves the signed-in viewer from request headers (the auth feature provides it). */
  resolveViewer?: (headers: Headers) => Promise<Viewer | null>;
  /** In-process event bus (defaults to the process-wide one). */
  bus?: EventBus;
  /** PayPal (real API or the built-in sandbox), from src/server/billing/paypal-setup.ts. */
  paypal?: PayPalSetup;
  /** better-auth, served at /api/auth/* (src/server/auth/create-auth.ts). */
  auth?: Auth;
  /** n8n integration (guarded fetch, key box); built from env when not given. */
  n8n?: N8nDeps;
  /** Open SSE streams of GET /api/events; main.ts keeps it to end them on shutdown. */
  events?: EventHub;
  /** Prometheus metrics (src/server/system/metrics.ts); served at /metrics to METRICS_TOKEN / METRICS_ALLOW. */
  metrics?: Metrics;
  /** Token of the local admin endpoint (embedded database only: auth/local-admin.routes.ts). */
  localAdminToken?: string;
};

/** Builds the whole HTTP app without listening, so tests drive it through real requests. */
export function createApp(deps: AppDeps) {
  const resolveViewer = deps.resolveViewer ?? (async () => null);
  // One search index per app: the members' search API and the public catalogue pages read the same one.
  const index = createSearchIndex({
    reads: catalogReads(deps.database.db),
    bus: deps.bus ?? processBus,
    log: deps.log,
  });
  const requestLimit = bodyLimit({
    maxSize: 1024 * 1024,
    onError: (c) => c.json(errorBody(c.var.requestId, 'PAYLOAD_TOO_LARGE', 'The request is too large.'), 413),
  });
  const n8nDeps = deps.n8n ?? createN8nDeps(deps);
  const api = new Hono<AppEnv>()
    .use(async (c, next) => {
      c.set('viewer', await resolveViewer(c.req.raw.headers));
      await next();
    })
    .use((c, next) =>
      // No body to limit on GET and HEAD (reading `body` would build a full web Request for nothing);
      // the operator's catalogue upload has its own 50 MB limit, checked after the admin guard.
      c.req.method === 'GET' ||
      c.req.method === 'HEAD' ||
      (c.req.method === 'POST' && c.req.path === CATALOG_UPLOAD_PATH)
        ? next()
        : requestLimit(c, next),
    )
    .use(jsonDepthLimit())
    .route('/', systemRoutes({ database: deps.database, version: deps.version, startedAt: deps.startedAt }))
    .route('/', authRoutes({ auth: deps.auth, trustProxy: deps.env.TRUST_PROXY ?? false }))
    .route('/', accountRoutes({ auth: deps.auth, db: deps.database.db, bus: deps.bus ?? processBus }))
    .route(
      '/',
      localAdminRoutes({
        token: deps.localAdminToken,
        auth: deps.auth,
        db: deps.database.db,
        smtpConfigured: deps.env.SMTP_URL !== undefined,
      }),
    )
    .route('/catalog', catalogRoutes({ ...deps, index }))
    .route('/', templateVersionRoutes(n8nDeps))
    .route('/', templateUpdateRoutes(n8nDeps))
    .route(
      '/',
      siteInboxRoutes({
        db: deps.database.db,
        baseUrl: deps.env.baseUrl,
        smtpConfigured: deps.env.SMTP_URL !== undefined,
        trustProxy: deps.env.TRUST_PROXY ?? false,
      }),
    )
    .route('/', billingRoutes({ billing: billingDeps(deps), paypal: deps.paypal }))
    .route(
      '/admin',
      adminRoutes({
        db: deps.database.db,
        auth: deps.auth,
        billing: billingDeps(deps),
        paypal: deps.paypal,
        smtpConfigured: deps.env.SMTP_URL !== undefined,
        database: deps.database,
        bus: deps.bus ?? processBus,
        log: deps.log,
      }),
    )
    .route('/admin', verificationRoutes(n8nDeps))
    .route('/n8n', n8nRoutes(n8nDeps))
    .route('/library', libraryRoutes({ database: deps.database, bus: deps.bus ?? processBus }))
    .route(
      '/templates-host',
      templatesHostSettingsRoutes({ db: deps.database.db, baseUrl: deps.env.baseUrl }),
    )
    .route('/', eventsRoutes({ hub: deps.events ?? createEventHub({ bus: deps.bus ?? processBus }) }));

  const metrics = deps.metrics;
  const countRequests = metrics?.middleware();
  const mayReadMetrics = metricsAccess({ token: deps.env.METRICS_TOKEN, allow: deps.env.METRICS_ALLOW });
  const requestLine = requestLineLogger(deps.log);
  const app = new Hono<AppEnv>()
    .use(requestId({ headerName: 'X-Request-Id', limitLength: 64 }))
    .use((c, next) => (countRequests ? countRequests(c, next) : next()))
    .use(async (c, next) => {
      // c.get, not c.var: c.var copies every variable into a new object on each read.
      const reqId = c.get('requestId');
      c.set('log', lazyChild(deps.log, { reqId }));
      c.set('viewer', null);
      const start = performance.now();
      await next();
      requestLine.info(
        {
          reqId,
          method: c.req.method,
          // A templates host's path carries its token: never logged.
          path: redactHostToken(c.req.path),
          status: c.res.status,
          ms: Math.round(performance.now() - start),
        },
        'request',
      );
    })
    .use(
      secureHeaders({
        contentSecurityPolicy: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Inline style attributes come from UI libraries (toasts, the workflow canvas); scripts stay strict.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'https://i.ytimg.com', 'https://img.youtube.com'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'"],
          frameSrc: ['https://www.youtube-nocookie.com'],
          frameAncestors: ["'none'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
        },
        strictTransportSecurity:
          deps.env.NODE_ENV === 'production' ? 'max-age=63072000; includeSubDomains' : false,
        referrerPolicy: 'strict-origin-when-cross-origin',
        xContentTypeOptions: 'nosniff',
        xFrameOptions: 'DENY',
      }),
    )
    .get('/metrics', async (c) => {
      // Neither a token nor addresses configured: the endpoint does not exist.
      if (!metrics || (!deps.env.METRICS_TOKEN && !deps.env.METRICS_ALLOW?.length)) return c.notFound();
      if (!mayReadMetrics(c)) {
        c.header('WWW-Authenticate', 'Bearer realm="metrics"');
        return c.text(
          'Metrics need the bearer token (METRICS_TOKEN) or an allowed address (METRICS_ALLOW).\n',
          401,
        );
      }
      c.header('Content-Type', metrics.registry.contentType);
      return c.body(await metrics.registry.metrics());
    })
    .use(
      '/api/*',
      requestGuard(deps.env, {
        origins: trustedOrigins(deps.env),
        multipartPaths: [CATALOG_UPLOAD_PATH],
        tooManyRequests: tooManyRequestsMessage,
      }),
    )
    .use('/api/*', compressResponses())
    .use('/api/*', async (c, next) => {
      await next();
      // API answers are personal unless a route says otherwise: no cache keeps them.
      if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
    })
    .route('/api', api)
    .all('/api/*', (c) => c.json(errorBody(c.var.requestId, 'NOT_FOUND', 'No such API endpoint.'), 404));

  // The members' templates hosts for their own n8n (decision 0026): outside /api, so no session,
  // CSRF guard or cookie reaches them; the token in the path is the only credential.
  app.route(
    TEMPLATES_HOST_PATH,
    templatesHostRoutes({
      database: deps.database,
      bus: deps.bus ?? processBus,
      index,
      webRoot: deps.webRoot,
    }),
  );
  if (deps.paypal?.sandbox) app.route(LOCAL_SANDBOX_PATH, deps.paypal.sandbox.app);
  // The development mail viewer; production never has it (the path is then an unknown one: 404).
  if (deps.env.NODE_ENV !== 'production') {
    const viewer = mailViewer({ db: deps.database.db });
    app.use(MAIL_VIEWER_PATH, viewer).use(`${MAIL_VIEWER_PATH}/*`, viewer);
  }
  // Template pages' share images (public, card facts only): before the site's catch-all.
  app.route('/', shareImageRoutes({ db: deps.database.db, bus: deps.bus ?? processBus }));
  const claims = createClaimSource({ db: deps.database.db, bus: deps.bus ?? processBus, log: deps.log });
  // The public catalogue (/library, a visitor's /automation/:id, the sitemap), before the site's files.
  app.route(
    '/',
    catalogueRoutes({
      index,
      db: deps.database.db,
      baseUrl: deps.env.baseUrl,
      webRoot: deps.webRoot,
      resolveViewer,
      claims,
      renderer: deps.renderer ?? (() => loadBuiltRenderer()),
    }),
  );
  if (deps.webRoot) app.route('/', siteRoutes(deps.webRoot, deps.env.baseUrl, resolveViewer, claims));

  app.onError((error, c) => handleError(error, c, deps.log));

  return app;
}

function billingDeps(deps: AppDeps): BillingDeps | undefined {
  if (!deps.paypal) return undefined;
  return {
    db: deps.database.db,
    paypal: deps.paypal.client,
    log: deps.log,
    baseUrl: deps.env.baseUrl,
    trustedOrigins: trustedOrigins(deps.env),
    smtpConfigured: deps.env.SMTP_URL !== undefined,
    bus: deps.bus,
  };
}

export type AppType = ReturnType<typeof createApp>;

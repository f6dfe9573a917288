import { Hono } from 'hono';
import type { AppEnv } from '#server/lib/context.ts';
import { adminCatalogRoutes } from './admin-catalog.routes.ts';
import type { AdminDeps } from './admin-deps.ts';
import { adminDiagnosticsRoutes } from './admin-diagnostics.routes.ts';
import { adminEditorialRoutes } from './admin-editorial.routes.ts';
import { adminInboxRoutes } from './admin-inbox.routes.ts';
import { adminPaymentRecoveryRoutes, adminPaymentsRoutes } from './admin-payments.routes.ts';
import { adminUsersRoutes } from './admin-users.routes.ts';

export { type AdminDeps, CATALOG_UPLOAD_PATH } from './admin-deps.ts';

/**
 * The operator console's API: one sub-app per console, mounted with app.route() (decision 0019).
 * Every route is for the admin role only (404 for anyone else); each sub-app guards its own.
 */
export function adminRoutes(deps: AdminDeps) {
  return new Hono<AppEnv>()
    .route('/payments', adminPaymentsRoutes(deps))
    .route('/payment-recovery', adminPaymentRecoveryRoutes(deps))
    .route('/users', adminUsersRoutes(deps))
    .route('/inbox', adminInboxRoutes(deps))
    .route('/catalog', adminCatalogRoutes(deps))
    .route('/editorial', adminEditorialRoutes(deps))
    .route('/', adminDiagnosticsRoutes(deps));
}

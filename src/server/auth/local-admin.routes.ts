// The running server's local admin endpoint (issue 41): `npm run admin:create` reaches the process that
// holds the embedded database instead of opening the database beside it (which lost the new operator).
// It exists only on the embedded database, answers only this machine's TCP peers that present the
// token the server wrote into DATA_DIR/flowvault.lock (mode 0600), and says 404 to everyone else, like
// any unknown path. The reset mail it sends links to this server's own BASE_URL.
import { timingSafeEqual } from 'node:crypto';
import { Hono } from 'hono';
import { z } from 'zod';
import type { Database } from '#server/db/client.ts';
import { fromThisMachine } from '#server/lib/client-ip.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { errorBody } from '#server/lib/error-handler.ts';
import { validate } from '#server/lib/validate.ts';
import type { Auth } from './create-auth.ts';
import { createOperator } from './create-operator.ts';

export const LOCAL_OPERATORS_PATH = '/api/local-admin/operators';

export function localAdminRoutes(deps: {
  token?: string;
  auth?: Auth;
  db: Database;
  smtpConfigured: boolean;
}) {
  const expected = deps.token ? Buffer.from(`Bearer ${deps.token}`) : undefined;
  return new Hono<AppEnv>().post(
    '/local-admin/operators',
    async (c, next) => {
      const given = Buffer.from(c.req.header('authorization') ?? '');
      const allowed =
        expected && deps.auth && given.length === expected.length && timingSafeEqual(given, expected);
      if (!allowed || !fromThisMachine(c))
        return c.json(errorBody(c.var.requestId, 'NOT_FOUND', 'No such API endpoint.'), 404);
      await next();
    },
    validate('json', z.strictObject({ email: z.string().max(320) })),
    async (c) => {
      const result = await createOperator({ auth: deps.auth!, db: deps.db }, c.req.valid('json').email);
      return c.json({ ...result, mailSent: deps.smtpConfigured });
    },
  );
}

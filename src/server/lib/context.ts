import type { Logger } from 'pino';

/** Hono environment shared by every route: variables set by the app's own middleware. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
  };
};

import type { Logger } from 'pino';

/** Who is making the request, resolved once per request from the session cookie. */
export type Viewer = {
  userId: string;
  email: string;
  role: 'user' | 'admin';
  /** Paid lifetime access (the spec's subscription rule, src/shared). */
  isMember: boolean;
};

/** Hono environment shared by every route: variables set by the app's own middleware. */
export type AppEnv = {
  Variables: {
    requestId: string;
    log: Logger;
    viewer: Viewer | null;
  };
};

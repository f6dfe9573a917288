import { createMiddleware } from 'hono/factory';
import type { AppEnv, Viewer } from '#server/lib/context.ts';
import { AppError } from '#server/lib/errors.ts';

// Server-side authorisation: every member or operator route sits behind one of these. The web
// app's own gates are only for a smooth experience.

type WithViewer = { Variables: AppEnv['Variables'] & { viewer: Viewer } };

export const requireUser = createMiddleware<WithViewer>(async (c, next) => {
  if (!c.var.viewer) throw new AppError('UNAUTHENTICATED', { userMessage: 'Please sign in to continue.' });
  await next();
});

export const requireMember = createMiddleware<WithViewer>(async (c, next) => {
  const viewer = c.var.viewer;
  if (!viewer) throw new AppError('UNAUTHENTICATED', { userMessage: 'Please sign in to continue.' });
  if (!viewer.isMember && viewer.role !== 'admin') {
    throw new AppError('FORBIDDEN', { userMessage: 'This needs lifetime access. Upgrade to continue.' });
  }
  await next();
});

/**
 * Operator routes answer 404 to everyone else, with the very answer an unknown API path gets, so
 * their existence is not revealed.
 */
export const requireAdmin = createMiddleware<WithViewer>(async (c, next) => {
  if (c.var.viewer?.role !== 'admin') {
    throw new AppError('NOT_FOUND', { userMessage: 'No such API endpoint.' });
  }
  await next();
});

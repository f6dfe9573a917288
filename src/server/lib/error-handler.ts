import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { ErrorBody, ErrorCode } from '#shared/errors.ts';
import type { AppEnv } from './context.ts';
import { AppError } from './errors.ts';
import type { Logger } from './logger.ts';

export function errorBody(requestId: string | undefined, code: ErrorCode, message: string): ErrorBody {
  return { error: { code, message, ...(requestId ? { requestId } : {}) } };
}

/**
 * The one error path: AppError → its status and safe message; zod → 422 with field errors;
 * anything else → a logged 500 with a generic message and the request id.
 */
export function handleError(error: Error, c: Context<AppEnv>, fallbackLog: Logger): Response {
  const reqId = c.get('requestId');
  const log = c.get('log') ?? fallbackLog;
  if (error instanceof AppError) {
    log[error.status >= 500 ? 'error' : 'info'](
      { err: error, code: error.code, details: error.details },
      error.message,
    );
    return c.json(errorBody(reqId, error.code, error.userMessage), error.status);
  }
  if (error instanceof ZodError) {
    // Keys come from the input (a field named `constructor` or `__proto__`): no inherited ones to meet.
    const fields: Record<string, string[]> = Object.create(null);
    for (const issue of error.issues) {
      const key = issue.path.join('.') || '_';
      fields[key] = [...(fields[key] ?? []), issue.message];
    }
    const body = errorBody(reqId, 'VALIDATION_FAILED', 'Some fields are not valid.');
    return c.json({ error: { ...body.error, fields } }, 422);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code: ErrorCode = error.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'BAD_REQUEST';
    return c.json(
      errorBody(reqId, code, error.message || 'Bad request.'),
      error.status as ContentfulStatusCode,
    );
  }
  log.error({ err: error, reqId }, 'unhandled error');
  return c.json(
    errorBody(
      reqId,
      'INTERNAL',
      `Something went wrong on our side. Please try again. (reference ${reqId ?? 'none'})`,
    ),
    500,
  );
}

import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ErrorCode } from '#shared/errors.ts';

const DEFAULT_STATUS: Record<ErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  VALIDATION_FAILED: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  RATE_LIMITED: 429,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UPSTREAM_FAILED: 502,
  INTERNAL: 500,
};

/**
 * The one error type services throw. `userMessage` is shown to people as is; `cause` and
 * `details` are only logged.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly code: ErrorCode;
  readonly status: ContentfulStatusCode;
  readonly userMessage: string;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    options: {
      userMessage: string;
      status?: ContentfulStatusCode;
      cause?: unknown;
      details?: Record<string, unknown>;
    },
  ) {
    super(options.userMessage, { cause: options.cause });
    this.code = code;
    this.status = options.status ?? DEFAULT_STATUS[code];
    this.userMessage = options.userMessage;
    this.details = options.details;
  }
}

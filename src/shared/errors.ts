// Error codes shared by server and web. The server maps each to an HTTP status; the web app
// shows `message` from the response body, which is always safe to show.
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_FAILED',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UPSTREAM_FAILED',
  'INTERNAL',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export type ErrorBody = {
  error: {
    code: ErrorCode;
    message: string;
    requestId?: string;
    fields?: Record<string, string[]>;
  };
};

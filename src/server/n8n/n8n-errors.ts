// How a failed call to a member's n8n is described: the error the client throws and the messages
// members read (spec part 2 §8).

export type N8nCallKind = 'http' | 'refused' | 'timeout' | 'network' | 'too-large' | 'invalid-response';

/** A failed call to a member's n8n. `status`/`statusText`/`body` are set for HTTP errors. */
export class N8nApiError extends Error {
  override name = 'N8nApiError';
  readonly kind: N8nCallKind;
  readonly operation: string;
  readonly status: number | null;
  readonly statusText: string;
  readonly body: string;
  constructor(options: {
    kind: N8nCallKind;
    operation: string;
    message: string;
    status?: number;
    statusText?: string;
    body?: string;
    cause?: unknown;
  }) {
    super(options.message, { cause: options.cause });
    this.kind = options.kind;
    this.operation = options.operation;
    this.status = options.status ?? null;
    this.statusText = options.statusText ?? '';
    this.body = options.body ?? '';
  }
}

function failureMessage(prefix: string, error: unknown, fallback: string): string {
  if (error instanceof N8nApiError) {
    if (error.kind === 'http') return `${prefix}: ${error.status} ${error.statusText}. ${error.body}`;
    return error.message;
  }
  return fallback;
}

/** 'Connection failed: {status} {statusText}. {body}' (spec part 2 §8), or why no answer came. */
export function connectionFailedMessage(error: unknown): string {
  return failureMessage('Connection failed', error, 'Unknown connection error');
}

/** 'Failed to create workflow: {status} {statusText}. {body}' (spec part 2 §8). */
export function createWorkflowFailedMessage(error: unknown): string {
  return failureMessage('Failed to create workflow', error, 'Unknown connection error');
}

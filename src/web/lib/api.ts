import { hc } from 'hono/client';
// biome-ignore lint/style/noRestrictedImports: the web app's one import of the server, and it is type-only.
import type { AppType } from '#server/app.ts';
import type { ErrorBody } from '#shared/errors.ts';

/** Typed API client: paths, inputs and outputs come from the server's routes. */
export const api = hc<AppType>(
  typeof window === 'undefined' ? 'http://localhost/' : window.location.origin,
).api;

/** An API error carrying the server's safe message and code. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  constructor(status: number, body: Partial<ErrorBody> | undefined) {
    // A validation answer's own message is generic ("Some fields are not valid."): the first field's
    // message says what to fix, so every toast that shows error.message shows that.
    const firstField = Object.values(body?.error?.fields ?? {})[0]?.[0];
    super(firstField ?? body?.error?.message ?? `Request failed with status ${status}`);
    this.status = status;
    this.code = body?.error?.code ?? 'INTERNAL';
    this.fields = body?.error?.fields;
  }
}

/** Reads a typed response: the JSON body on success, an ApiError otherwise. */
export async function unwrap<T>(response: { ok: boolean; status: number; json(): Promise<T> }): Promise<T> {
  if (response.ok) return response.json();
  const body = (await response.json().catch(() => undefined)) as Partial<ErrorBody> | undefined;
  throw new ApiError(response.status, body);
}

import { hc } from 'hono/client';
// biome-ignore lint/style/noRestrictedImports: the web app's one import of the server, and it is type-only.
import type { AppType } from '#server/app.ts';
import type { ErrorBody } from '#shared/errors.ts';

// The web app's one way to call the server: `unwrap(await api.….$get())` for every route typed in
// AppType, `authPost` for better-auth's own endpoints (/api/auth/*, not in AppType); both fail with an
// ApiError.

/** Typed API client: paths, inputs and outputs come from the server's routes. */
export const api = hc<AppType>(
  typeof window === 'undefined' ? 'http://localhost/' : window.location.origin,
).api;

/** better-auth answers `{ code, message }`; our routes (and the auth rate limit) `{ error: { … } }`. */
type AnyErrorBody = Partial<ErrorBody> & { code?: unknown; message?: unknown };

/** An API error carrying the server's safe message and code. */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  constructor(status: number, body: AnyErrorBody | null | undefined) {
    const error = body?.error ?? {
      code: typeof body?.code === 'string' ? body.code : undefined,
      message: typeof body?.message === 'string' ? body.message : undefined,
    };
    // A validation answer's own message is generic ("Some fields are not valid."): the first field's
    // message says what to fix, so every toast that shows error.message shows that.
    const firstField = Object.values(body?.error?.fields ?? {})[0]?.[0];
    super(firstField || error.message || `Request failed with status ${status}`);
    this.status = status;
    this.code = error.code ?? 'INTERNAL';
    this.fields = body?.error?.fields;
  }
}

type JsonResponse = { ok: boolean; status: number; json(): Promise<unknown> };

/** Reads a response: the JSON body on success (any of a route's typed bodies), an ApiError otherwise. */
export async function unwrap<R extends JsonResponse>(response: R): Promise<Awaited<ReturnType<R['json']>>> {
  if (response.ok) return (await response.json()) as Awaited<ReturnType<R['json']>>;
  const body = (await response.json().catch(() => undefined)) as AnyErrorBody | undefined;
  throw new ApiError(response.status, body);
}

/** POSTs JSON to one of better-auth's endpoints, e.g. `authPost('sign-in/email', { … })`. */
export async function authPost<T>(path: string, body: unknown): Promise<T> {
  const response = await fetch(`/api/auth/${path}`, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return unwrap(response);
}

import { zValidator } from '@hono/zod-validator';
import type { MiddlewareHandler, ValidationTargets } from 'hono';
import { type ZodType, z } from 'zod';
import type { AppEnv } from './context.ts';
import { errorBody } from './error-handler.ts';

export const NUL_MESSAGE = 'Text cannot contain the NUL character.';

/** Deeper than any body the app takes (a workflow's parameters nest a dozen levels). */
export const MAX_JSON_DEPTH = 64;
export const TOO_DEEP_MESSAGE = `The request body is nested too deeply (more than ${MAX_JSON_DEPTH} levels).`;

/**
 * One pass over JSON text before anything parses or walks it (issue 41: a 16 KiB `[[[…` body tied the
 * server up in the recursive NUL check, and past ~8,000 levels overflowed the stack): its nesting depth,
 * stopping as soon as it passes `maxDepth`, and whether a string holds a NUL (`\u0000`).
 */
export function scanJson(text: string, maxDepth = MAX_JSON_DEPTH): { tooDeep: boolean; nul: boolean } {
  let depth = 0;
  let inString = false;
  let nul = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) {
        if (text.charCodeAt(i + 1) === 0x75 && text.slice(i + 2, i + 6) === '0000') nul = true;
        i++;
      } else if (ch === 0x22) inString = false;
      else if (ch === 0) nul = true;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      if (++depth > maxDepth) return { tooDeep: true, nul };
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return { tooDeep: false, nul };
}

const JSON_TYPE = /^application\/([a-z0-9.-]+\+)?json\s*(;|$)/i;

/**
 * Every JSON body of the API is scanned once (after the size limit) and refused with 400 when nested
 * deeper than MAX_JSON_DEPTH, so neither a parser nor a check ever walks a hostile depth. The text is
 * kept by Hono, so the route reads it again without reading the request twice.
 */
export function jsonDepthLimit(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (
      c.req.method === 'GET' ||
      c.req.method === 'HEAD' ||
      !JSON_TYPE.test(c.req.header('content-type') ?? '')
    )
      return next();
    if (scanJson(await c.req.text()).tooDeep)
      return c.json(errorBody(c.get('requestId'), 'BAD_REQUEST', TOO_DEEP_MESSAGE), 400);
    return next();
  };
}

/**
 * Refuses a NUL character in any string or key, at any depth: PostgreSQL cannot store it in text, so
 * it must be a 422 here, never a 500 from the database (issue 20, one place for every route). Iterative,
 * so no input can exhaust the stack; a path is built only for the issue it reports.
 */
export function refuseNul(value: unknown, ctx: z.RefinementCtx): void {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value, path: [] }];
  for (let next = stack.pop(); next; next = stack.pop()) {
    const { value: item, path } = next;
    if (typeof item === 'string') {
      if (item.includes('\u0000')) ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path });
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i--) stack.push({ value: item[i], path: [...path, i] });
    } else if (item && typeof item === 'object') {
      for (const [key, child] of Object.entries(item)) {
        if (key.includes('\u0000')) ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path });
        stack.push({ value: child, path: [...path, key] });
      }
    }
  }
}

/** The schema with the NUL check run first; its types stay the schema's (what the typed client sees). */
export function withoutNul<S extends ZodType>(schema: S): S {
  return z
    .unknown()
    .superRefine((value, ctx) => refuseNul(value, ctx))
    .pipe(schema) as unknown as S;
}

/**
 * zod validation for a request part. A failure is thrown (not answered here) so the one error
 * path in app.ts turns it into a 422 with field errors.
 */
export function validate<T extends keyof ValidationTargets, S extends ZodType>(target: T, schema: S) {
  return zValidator(target, withoutNul(schema), (result) => {
    if (!result.success) throw result.error;
  });
}

import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import { type ZodType, z } from 'zod';

export const NUL_MESSAGE = 'Text cannot contain the NUL character.';

/**
 * Refuses a NUL character in any string or key, at any depth: PostgreSQL cannot store it in text, so
 * it must be a 422 here, never a 500 from the database (issue 20, one place for every route).
 */
export function refuseNul(value: unknown, ctx: z.RefinementCtx, path: PropertyKey[] = []): void {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path });
    return;
  }
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) refuseNul(item, ctx, [...path, index]);
    return;
  }
  if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) ctx.addIssue({ code: 'custom', message: NUL_MESSAGE, path });
      refuseNul(item, ctx, [...path, key]);
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

import { zValidator } from '@hono/zod-validator';
import type { ValidationTargets } from 'hono';
import type { ZodType } from 'zod';

/**
 * zod validation for a request part. A failure is thrown (not answered here) so the one error
 * path in app.ts turns it into a 422 with field errors.
 */
export function validate<T extends keyof ValidationTargets, S extends ZodType>(target: T, schema: S) {
  return zValidator(target, schema, (result) => {
    if (!result.success) throw result.error;
  });
}

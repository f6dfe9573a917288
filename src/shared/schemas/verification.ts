import { z } from 'zod';

// What members see of a template's check on a real n8n (decision 0018). null fields were not tried:
// the catalogue never shows a check it did not do.

export const VerificationBadgeSchema = z.object({
  n8nVersion: z.string(),
  verifiedAt: z.string(),
  accepted: z.boolean(),
  activated: z.boolean().nullable(),
  ran: z.boolean().nullable(),
});
export type VerificationBadge = z.infer<typeof VerificationBadgeSchema>;

export const VerificationDetailSchema = VerificationBadgeSchema.extend({
  failedStep: z.enum(['accept', 'activate', 'run']).nullable(),
  failure: z.string().nullable(),
});
export type VerificationDetail = z.infer<typeof VerificationDetailSchema>;

/** Whether a template passed every check that was tried (the "verified only" filter). */
export const passedVerification = (v: VerificationBadge) =>
  v.accepted && v.activated !== false && v.ran !== false;

/** "1.123" out of "1.123.81": the badge names the minor line. */
export const n8nMinor = (version: string) => version.split('.').slice(0, 2).join('.');

export const VerificationProgressSchema = z.object({
  state: z.enum(['idle', 'running', 'done', 'failed']),
  connectionId: z.string().nullable(),
  n8nVersion: z.string().nullable(),
  done: z.number().int(),
  total: z.number().int(),
  accepted: z.number().int(),
  activated: z.number().int(),
  ran: z.number().int(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  failures: z.array(z.object({ reason: z.string(), count: z.number().int() })),
});
export type VerificationProgress = z.infer<typeof VerificationProgressSchema>;

/** No console run since the process started. */
export const IDLE_VERIFICATION: VerificationProgress = {
  state: 'idle',
  connectionId: null,
  n8nVersion: null,
  done: 0,
  total: 0,
  accepted: 0,
  activated: 0,
  ran: 0,
  startedAt: null,
  finishedAt: null,
  error: null,
  failures: [],
};

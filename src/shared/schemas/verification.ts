import { z } from 'zod';

// What members see of a template's check on a real n8n (decision 0018). null fields were not tried:
// the catalogue never shows a check it did not do.

export const VerificationBadgeSchema = z.object({
  n8nVersion: z.string(),
  verifiedAt: z.string(),
  accepted: z.boolean(),
  /** Activated (n8n 1.x) or published (2.x); null: not tried. */
  activated: z.boolean().nullable(),
  ran: z.boolean().nullable(),
  /** Published with a throwaway credential of each needed type (null: none needed / not tried). */
  credentialsBound: z.boolean().nullable(),
});
export type VerificationBadge = z.infer<typeof VerificationBadgeSchema>;

const VerificationResultSchema = VerificationBadgeSchema.extend({
  failedStep: z.enum(['accept', 'activate', 'run']).nullable(),
  failure: z.string().nullable(),
  /** Publishing was refused only for credentials: the workflow itself is sound. */
  refusedOnlyForCredentials: z.boolean().nullable(),
  /**
   * Refused with credentials, then published once every field the set-up wizard asks for was filled
   * (format-valid test answers): it publishes once the member fills them. null: not tried.
   */
  publishedAfterSetup: z.boolean().nullable(),
});
export const VerificationDetailSchema = VerificationResultSchema.extend({
  /** Results on older n8n lines (e.g. 1.123 next to 2.40), newest first. */
  otherVersions: z.array(VerificationResultSchema).optional(),
});
export type VerificationDetail = z.infer<typeof VerificationDetailSchema>;

/** Whether a template passed every check that was tried (the "verified only" filter). */
export const passedVerification = (v: VerificationBadge) =>
  v.accepted && v.activated !== false && v.ran !== false;

/** "1.123" out of "1.123.81": the badge names the minor line. */
export const n8nMinor = (version: string) => version.split('.').slice(0, 2).join('.');

/** n8n 2.x publishes where 1.x activated. */
export const publishesOn = (version: string) => Number(version.split('.')[0]) >= 2;

/**
 * What the badge says was checked, e.g. "imports and publishes with your credentials" (2.x with
 * throwaway credentials), "imports, activates and runs" (1.x): only checks that were done and passed.
 */
export function checkedText(v: VerificationBadge): string {
  const parts = ['imports'];
  if (v.activated) {
    const verb = publishesOn(v.n8nVersion) ? 'publishes' : 'activates';
    parts.push(v.credentialsBound ? `${verb} with your credentials` : verb);
  }
  if (v.ran) parts.push('runs');
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}`;
}

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

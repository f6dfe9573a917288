// Stored verification results: one row per template, shown only while the file is unchanged.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { n8nVerifications } from '#server/db/schema/n8n.ts';
import type { VerificationOutcome } from '#server/n8n/verify/verify-workflow.ts';
import type { VerificationBadge, VerificationDetail } from '#shared/schemas/verification.ts';

export async function saveVerification(
  db: Database,
  input: {
    automationId: string;
    contentHash: string;
    n8nVersion: string;
    runBy: 'cli' | 'console';
    outcome: VerificationOutcome;
    at: Date;
  },
): Promise<void> {
  const values = {
    n8nLine: n8nLine(input.n8nVersion),
    contentHash: input.contentHash,
    n8nVersion: input.n8nVersion,
    runBy: input.runBy,
    accepted: input.outcome.accepted,
    activated: input.outcome.activated,
    ran: input.outcome.ran,
    credentialsBound: input.outcome.credentialsBound,
    refusedOnlyForCredentials: input.outcome.refusedOnlyForCredentials,
    publishedAfterSetup: input.outcome.publishedAfterSetup,
    failedStep: input.outcome.failedStep,
    failure: input.outcome.failure,
    verifiedAt: input.at,
  };
  await db
    .insert(n8nVerifications)
    .values({ automationId: input.automationId, ...values })
    .onConflictDoUpdate({ target: [n8nVerifications.automationId, n8nVerifications.n8nLine], set: values });
}

const current = and(
  eq(n8nVerifications.automationId, automations.id),
  eq(n8nVerifications.contentHash, automations.contentHash),
);

/** "2" out of "2.40.7": one stored result per template and major line. */
export const n8nLine = (version: string) => version.split('.')[0] ?? version;

const detailColumns = {
  automationId: n8nVerifications.automationId,
  n8nLine: n8nVerifications.n8nLine,
  n8nVersion: n8nVerifications.n8nVersion,
  verifiedAt: n8nVerifications.verifiedAt,
  accepted: n8nVerifications.accepted,
  activated: n8nVerifications.activated,
  ran: n8nVerifications.ran,
  credentialsBound: n8nVerifications.credentialsBound,
  refusedOnlyForCredentials: n8nVerifications.refusedOnlyForCredentials,
  publishedAfterSetup: n8nVerifications.publishedAfterSetup,
  failedStep: n8nVerifications.failedStep,
  failure: n8nVerifications.failure,
};

type DetailRow = { [K in keyof typeof detailColumns]: unknown };
function toDetail(row: DetailRow): VerificationDetail {
  return {
    n8nVersion: row.n8nVersion as string,
    verifiedAt: (row.verifiedAt as Date).toISOString(),
    accepted: row.accepted as boolean,
    activated: row.activated as boolean | null,
    ran: row.ran as boolean | null,
    credentialsBound: row.credentialsBound as boolean | null,
    refusedOnlyForCredentials: row.refusedOnlyForCredentials as boolean | null,
    publishedAfterSetup: row.publishedAfterSetup as boolean | null,
    failedStep: row.failedStep as VerificationDetail['failedStep'],
    failure: row.failure as string | null,
  };
}

const byNewestLine = (a: { n8nLine: unknown }, b: { n8nLine: unknown }) =>
  Number(b.n8nLine) - Number(a.n8nLine);

/** Badges of every template whose stored result still matches its file: the newest n8n line's. */
export async function selectVerificationBadges(db: Database): Promise<Map<string, VerificationBadge>> {
  const rows = await db.select(detailColumns).from(n8nVerifications).innerJoin(automations, current);
  const out = new Map<string, VerificationBadge>();
  for (const r of rows.sort(byNewestLine)) {
    if (out.has(r.automationId)) continue;
    const {
      failedStep: _s,
      failure: _f,
      refusedOnlyForCredentials: _r,
      publishedAfterSetup: _p,
      ...badge
    } = toDetail(r);
    out.set(r.automationId, badge);
  }
  return out;
}

/**
 * One template's result on the newest n8n line it was checked on, with the failure reason (and the
 * other lines' results), or null when it was never verified as it is now.
 */
export async function selectVerification(
  db: Database,
  automationId: string,
): Promise<VerificationDetail | null> {
  const rows = await db
    .select(detailColumns)
    .from(n8nVerifications)
    .innerJoin(automations, current)
    .where(eq(n8nVerifications.automationId, automationId));
  const [newest, ...older] = rows.sort(byNewestLine).map(toDetail);
  if (!newest) return null;
  return older.length ? { ...newest, otherVersions: older } : newest;
}

/** Deletes results whose file changed since (a re-import of a changed file clears its result). */
export async function clearStaleVerifications(db: Database): Promise<void> {
  await db.execute(
    sql`delete from ${n8nVerifications} v using ${automations} a where a.id = v.automation_id and a.content_hash <> v.content_hash`,
  );
}

/** The templates a verification goes through: published, with a workflow, deployable (deploy's own rule). */
export async function selectVerifiable(db: Database, ids?: string[]) {
  const rows = await db
    .select({
      id: automations.id,
      title: automations.title,
      contentHash: automations.contentHash,
      deployable: automations.deployable,
      workflowJson: automations.workflowJson,
    })
    .from(automations)
    .where(and(eq(automations.published, true), isNotNull(automations.workflowJson)))
    .orderBy(automations.id);
  return ids ? rows.filter((r) => ids.includes(r.id)) : rows;
}

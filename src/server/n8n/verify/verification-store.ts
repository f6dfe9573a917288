// Stored verification results: one row per template, shown only while the file is unchanged.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { n8nVerifications } from '#server/db/schema/n8n.ts';
import type { VerificationBadge, VerificationDetail } from '#shared/schemas/verification.ts';
import type { VerificationOutcome } from './verify-workflow.ts';

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
    contentHash: input.contentHash,
    n8nVersion: input.n8nVersion,
    runBy: input.runBy,
    accepted: input.outcome.accepted,
    activated: input.outcome.activated,
    ran: input.outcome.ran,
    failedStep: input.outcome.failedStep,
    failure: input.outcome.failure,
    verifiedAt: input.at,
  };
  await db
    .insert(n8nVerifications)
    .values({ automationId: input.automationId, ...values })
    .onConflictDoUpdate({ target: n8nVerifications.automationId, set: values });
}

const current = and(
  eq(n8nVerifications.automationId, automations.id),
  eq(n8nVerifications.contentHash, automations.contentHash),
);

const detailColumns = {
  automationId: n8nVerifications.automationId,
  n8nVersion: n8nVerifications.n8nVersion,
  verifiedAt: n8nVerifications.verifiedAt,
  accepted: n8nVerifications.accepted,
  activated: n8nVerifications.activated,
  ran: n8nVerifications.ran,
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
    failedStep: row.failedStep as VerificationDetail['failedStep'],
    failure: row.failure as string | null,
  };
}

/** Badges of every template whose stored result still matches its file (search index input). */
export async function selectVerificationBadges(db: Database): Promise<Map<string, VerificationBadge>> {
  const rows = await db.select(detailColumns).from(n8nVerifications).innerJoin(automations, current);
  return new Map(
    rows.map((r) => {
      const { failedStep: _s, failure: _f, ...badge } = toDetail(r);
      return [r.automationId, badge];
    }),
  );
}

/** One template's result with the failure reason, or null when it was never verified as it is now. */
export async function selectVerification(
  db: Database,
  automationId: string,
): Promise<VerificationDetail | null> {
  const [row] = await db
    .select(detailColumns)
    .from(n8nVerifications)
    .innerJoin(automations, current)
    .where(eq(n8nVerifications.automationId, automationId))
    .limit(1);
  return row ? toDetail(row) : null;
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

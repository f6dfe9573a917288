import { and, eq, inArray, sql } from 'drizzle-orm';
import { forEachPayingMember } from '#server/db/members.ts';
import { n8nConnections } from '#server/db/schema/n8n.ts';
import type { JobDefinition } from '#server/jobs/scheduler.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { layout, type MailContent } from '#server/mail/templates.ts';
import type { N8nRunView } from '#shared/schemas/n8n.ts';
import type { N8nDeps } from './connections.ts';
import { readDeployedRuns } from './runs.ts';

// Automation Alerts (Settings → Notifications, "when automations fail"): every 15 minutes, for each
// paying member with Automation Alerts and Email Notifications on, read the executions of the
// workflows Flowvault deployed to their instances and mail the failures that stopped since the last
// look. Each instance keeps its own mark (n8n_connections.alerts_checked_at), moved only when that
// instance could be read, so an outage delays an alert instead of losing it.

export const AUTOMATION_ALERT_KIND = 'automation-alert';
export const ALERT_INTERVAL_MS = 15 * 60_000;
const LISTED = 10;

export function automationAlertEmail(input: {
  failures: Pick<N8nRunView, 'automationName' | 'instanceUrl' | 'stoppedAt'>[];
  runsUrl: string;
  settingsUrl: string;
}): MailContent {
  const count = input.failures.length;
  const lines = input.failures
    .slice(0, LISTED)
    .map(
      (f) =>
        `${f.automationName} on ${f.instanceUrl} failed at ${f.stoppedAt?.replace('T', ' ').slice(0, 16)} UTC.`,
    );
  if (count > LISTED) lines.push(`And ${count - LISTED} more.`);
  return layout({
    subject: count === 1 ? 'An automation failed in your n8n' : `${count} automation runs failed in your n8n`,
    heading: count === 1 ? 'An automation failed' : `${count} automation runs failed`,
    paragraphs: [
      'These workflows you deployed from Flowvault stopped with an error in your n8n:',
      ...lines,
      'Open the execution in n8n to see which node failed; a missing or expired credential is the usual cause.',
    ],
    action: { label: 'See your recent runs', url: input.runsUrl },
    footer: `You get this because Automation Alerts is on. Turn it off in Settings → Notifications: ${input.settingsUrl}`,
  });
}

/** Looks at every due member's instances once; returns how many alert mails were queued. */
export async function sendAutomationAlerts(
  deps: N8nDeps & { baseUrl: string; smtpConfigured?: boolean; now?: Date },
): Promise<{ queued: number; checked: number }> {
  const now = deps.now ?? new Date();
  let queued = 0;
  let checked = 0;
  await forEachPayingMember(
    deps.db,
    sql`p.automation_alerts and p.email_notifications and exists (
      select 1 from deployments d
      where d.user_id = u.id and d.status = 'deployed' and d.n8n_workflow_id is not null)`,
    async (member) => {
      checked += 1;
      const { all, unreachable, connections } = await readDeployedRuns(deps, member.user_id);
      const down = new Set(unreachable.map((u) => u.instanceUrl));
      const read = connections.filter((c) => !down.has(c.instanceUrl));
      const failures = read.flatMap((c) => {
        const since = c.alertsCheckedAt?.getTime() ?? now.getTime() - ALERT_INTERVAL_MS;
        return all.filter((r) => {
          const stopped = Date.parse(r.stoppedAt ?? '');
          return (
            r.id.startsWith(`${c.id}:`) &&
            r.status === 'failed' &&
            stopped > since &&
            stopped <= now.getTime()
          );
        });
      });
      if (failures.length > 0) {
        failures.sort((a, b) => Date.parse(b.stoppedAt!) - Date.parse(a.stoppedAt!));
        const content = automationAlertEmail({
          failures,
          runsUrl: `${deps.baseUrl}/dashboard?section=data-processing`,
          settingsUrl: `${deps.baseUrl}/dashboard?section=settings&tab=notifications`,
        });
        await enqueueMail(
          deps.db,
          { kind: AUTOMATION_ALERT_KIND, to: member.email, ...content },
          { log: deps.log, smtpConfigured: deps.smtpConfigured },
        );
        queued += 1;
      }
      if (read.length > 0) {
        await deps.db
          .update(n8nConnections)
          .set({ alertsCheckedAt: now })
          .where(
            and(
              eq(n8nConnections.userId, member.user_id),
              inArray(
                n8nConnections.id,
                read.map((c) => c.id),
              ),
            ),
          );
      }
    },
  );
  if (queued > 0) deps.log.info({ queued, checked }, 'automation alerts queued');
  return { queued, checked };
}

/** Every 15 minutes, once across all processes. */
export function automationAlertsJob(
  deps: N8nDeps & { baseUrl: string; smtpConfigured: boolean },
): JobDefinition {
  return {
    name: 'automation-alerts',
    intervalMs: ALERT_INTERVAL_MS,
    leaseMs: 10 * 60_000,
    async run() {
      await sendAutomationAlerts(deps);
    },
  };
}

import { sql } from 'drizzle-orm';
import { templateUpdateLines } from '#server/catalog/template-update-mail.ts';
import { templateUpdatesFor } from '#server/catalog/versions.ts';
import type { JobDefinition } from '#server/jobs/scheduler.ts';
import { hourlyMailJob, type MemberMailDeps, queueMemberMails } from '#server/mail/member-mail.ts';
import { layout, type MailContent } from '#server/mail/templates.ts';

// Weekly Reports (Settings → Notifications): an hourly job mails each member who keeps Weekly
// Reports and Email Notifications on a summary of their last 7 days, at most once per 7 days.
// The mail outbox is the record of what was sent, so no extra column or table is needed.

export const WEEKLY_REPORT_KIND = 'weekly-report';
const WEEK_MS = 7 * 24 * 60 * 60_000;

export type WeeklyFigures = {
  views: number;
  copies: number;
  downloads: number;
  deploys: number;
  saves: number;
  libraryTotal: number;
  newInLibrary: number;
};

export function weeklyReportEmail(
  input: WeeklyFigures & {
    dashboardUrl: string;
    settingsUrl: string;
    /** Newer versions of templates the member deployed (template-update-mail.ts's lines). */
    updates?: string[];
  },
): MailContent {
  const n = (value: number, one: string, many: string) =>
    `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;
  const activity =
    input.views + input.copies + input.downloads + input.deploys + input.saves === 0
      ? 'You had no activity in Flowvault this week.'
      : `This week you viewed ${n(input.views, 'automation', 'automations')}, copied ${n(input.copies, 'workflow', 'workflows')}, downloaded ${n(input.downloads, 'workflow', 'workflows')}, deployed ${n(input.deploys, 'workflow', 'workflows')} to n8n and saved ${n(input.saves, 'automation', 'automations')} to your collections.`;
  return layout({
    subject: 'Your weekly Flowvault report',
    heading: 'Your week in Flowvault',
    paragraphs: [
      activity,
      `The library now holds ${n(input.libraryTotal, 'workflow', 'workflows')}${input.newInLibrary > 0 ? `, ${n(input.newInLibrary, 'new one', 'new ones')} since last week` : ''}.`,
      ...(input.updates?.length ? ['Update available for templates you deployed:', ...input.updates] : []),
    ],
    action: { label: 'Open your dashboard', url: input.dashboardUrl },
    footer: `You get this because Weekly Reports is on. Turn it off in Settings → Notifications: ${input.settingsUrl}`,
  });
}

const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

/** Queues this week's report for every due member. Returns how many were queued. */
export async function sendWeeklyReports(
  deps: MemberMailDeps & { baseUrl: string; now?: Date },
): Promise<{ queued: number }> {
  const now = deps.now ?? new Date();
  const weekAgo = new Date(now.getTime() - WEEK_MS);
  const [library] = rowsOf<{ total: number; before: number | null }>(
    await deps.db.execute(sql`
      select
        (select count(*)::int from automations where published) as total,
        (select total_workflows from workflow_stats where created_at <= ${weekAgo}
          order by created_at desc, id desc limit 1) as before`),
  );
  const libraryTotal = library?.total ?? 0;
  const newInLibrary = Math.max(0, libraryTotal - (library?.before ?? libraryTotal));
  // Members with both toggles on and no report in the outbox for the last 7 days.
  return queueMemberMails(deps, {
    kind: WEEKLY_REPORT_KIND,
    who: sql`p.weekly_reports and p.email_notifications and not exists (
      select 1 from mail_outbox m
      where m.kind = ${WEEKLY_REPORT_KIND} and m."to" = u.email and m.created_at > ${weekAgo})`,
    async compose(member) {
      const [counts] = rowsOf<Record<'views' | 'copies' | 'downloads' | 'deploys' | 'saves', number>>(
        await deps.db.execute(sql`
          select
            count(*) filter (where kind = 'view')::int as views,
            count(*) filter (where kind = 'copy')::int as copies,
            count(*) filter (where kind = 'download')::int as downloads,
            count(*) filter (where kind = 'deploy')::int as deploys,
            count(*) filter (where kind = 'save')::int as saves
          from automation_events where user_id = ${member.user_id} and created_at > ${weekAgo}`),
      );
      return weeklyReportEmail({
        views: 0,
        copies: 0,
        downloads: 0,
        deploys: 0,
        saves: 0,
        ...counts,
        libraryTotal,
        newInLibrary,
        // Members with Weekly Reports get template updates here instead of a mail of their own.
        updates: templateUpdateLines(await templateUpdatesFor(deps.db, member.user_id)),
        dashboardUrl: `${deps.baseUrl}/dashboard`,
        settingsUrl: `${deps.baseUrl}/dashboard?section=settings`,
      });
    },
  });
}

/** Hourly, once across all processes: queue the weekly reports that are due. */
export const weeklyReportJob = (deps: MemberMailDeps & { baseUrl: string }): JobDefinition =>
  hourlyMailJob('weekly-reports', () => sendWeeklyReports(deps));

import { sql } from 'drizzle-orm';
import type { JobDefinition } from '#server/jobs/scheduler.ts';
import { hourlyMailJob, type MemberMailDeps, queueMemberMails } from '#server/mail/member-mail.ts';
import { layout, type MailContent } from '#server/mail/templates.ts';
import type { TemplateUpdateView } from '#shared/schemas/template-versions.ts';
import { rowsOf } from './catalog.queries.ts';
import { templateUpdatesFor } from './versions.ts';

// Update mails (decision 0025): an hourly job tells each member with Email Notifications on about new
// published versions of templates they have deployed. Members with Weekly Reports on get them in
// the weekly report instead (weekly-report.ts), so they receive one mail, not two. The outbox is the
// record of what was sent: a version is news when it was published after the last update mail.

export const TEMPLATE_UPDATE_KIND = 'template-update';
const LISTED_CHANGES = 3;

/** One line per deployed template: title, versions, the first changes in words. */
export function templateUpdateLines(updates: TemplateUpdateView[]): string[] {
  return updates.map((u) => {
    const changes = u.versions.flatMap((v) => [...(v.note ? [v.note] : []), ...v.changelog]);
    const listed = changes.slice(0, LISTED_CHANGES).join('; ');
    const more = changes.length > LISTED_CHANGES ? ` (and ${changes.length - LISTED_CHANGES} more)` : '';
    return `${u.automationTitle} (${u.instanceUrl}): version ${u.deployedVersion} → ${u.latestVersion}${listed ? `. ${listed}${more}` : ''}.`;
  });
}

export function templateUpdateEmail(input: {
  updates: TemplateUpdateView[];
  dashboardUrl: string;
  settingsUrl: string;
}): MailContent {
  const count = input.updates.length;
  return layout({
    subject:
      count === 1
        ? `Update available: ${input.updates[0]!.automationTitle}`
        : `Updates available for ${count} templates you deployed`,
    heading:
      count === 1 ? 'A template you deployed was updated' : `${count} templates you deployed were updated`,
    paragraphs: [
      'A newer version is in the library for these workflows you deployed from Flowvault:',
      ...templateUpdateLines(input.updates),
      'Your workflows in n8n are not changed until you choose to update them.',
    ],
    action: { label: 'See what changed', url: input.dashboardUrl },
    footer: `You get this because Email Notifications is on. Turn it off in Settings → Notifications: ${input.settingsUrl}`,
  });
}

/** Queues one update mail per member who has news. Returns how many were queued. */
export function sendTemplateUpdateMails(
  deps: MemberMailDeps & { baseUrl: string },
): Promise<{ queued: number }> {
  return queueMemberMails(deps, {
    kind: TEMPLATE_UPDATE_KIND,
    who: sql`p.email_notifications and not p.weekly_reports and exists (
      select 1 from deployments d
      where d.user_id = u.id and d.status = 'deployed' and d.deactivated_at is null)`,
    async compose(member) {
      const updates = await templateUpdatesFor(deps.db, member.user_id);
      if (updates.length === 0) return null;
      const [last] = rowsOf<{ at: Date | string | null }>(
        await deps.db.execute(sql`
          select max(created_at) as at from mail_outbox
          where kind = ${TEMPLATE_UPDATE_KIND} and "to" = ${member.email}`),
      );
      const since = last?.at ? new Date(last.at).getTime() : 0;
      const news = updates.filter((u) =>
        u.versions.some((v) => v.publishedAt !== null && Date.parse(v.publishedAt) > since),
      );
      if (news.length === 0) return null;
      return templateUpdateEmail({
        updates: news,
        dashboardUrl: `${deps.baseUrl}/dashboard`,
        settingsUrl: `${deps.baseUrl}/dashboard?section=settings&tab=notifications`,
      });
    },
  });
}

/** Hourly, once across all processes. */
export const templateUpdateMailJob = (deps: MemberMailDeps & { baseUrl: string }): JobDefinition =>
  hourlyMailJob('template-update-mails', () => sendTemplateUpdateMails(deps));

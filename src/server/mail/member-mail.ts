import type { SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { forEachPayingMember, type MemberRow } from '#server/db/members.ts';
import type { JobDefinition } from '#server/jobs/scheduler.ts';
import type { Logger } from '#server/lib/logger.ts';
import { enqueueMail } from './outbox.ts';
import type { MailContent } from './templates.ts';

// Mail to paying members in bulk (weekly reports, template updates): one pass over the members that
// `who` selects, one queued mail per member that `compose` has something for.

export type MemberMailDeps = { db: Database; log?: Logger; smtpConfigured?: boolean };

/** Queues `kind` for each member `who` selects and `compose` returns content for; returns the count. */
export async function queueMemberMails(
  deps: MemberMailDeps,
  input: { kind: string; who: SQL; compose: (member: MemberRow) => Promise<MailContent | null> },
): Promise<{ queued: number }> {
  let queued = 0;
  await forEachPayingMember(deps.db, input.who, async (member) => {
    const content = await input.compose(member);
    if (!content) return;
    await enqueueMail(
      deps.db,
      { kind: input.kind, to: member.email, ...content },
      { log: deps.log, smtpConfigured: deps.smtpConfigured },
    );
    queued += 1;
  });
  if (queued > 0) deps.log?.info({ queued, kind: input.kind }, 'member mails queued');
  return { queued };
}

/** Hourly, once across all processes (the job lease): queue what is due. */
export function hourlyMailJob(name: string, run: () => Promise<unknown>): JobDefinition {
  return {
    name,
    intervalMs: 60 * 60_000,
    leaseMs: 30 * 60_000,
    async run() {
      await run();
    },
  };
}

import { type SQL, sql } from 'drizzle-orm';
import type { Database } from './client.ts';

export type MemberRow = { user_id: string; email: string };

const BATCH = 200;
const rowsOf = <T>(result: unknown): T[] =>
  Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []);

/**
 * Visits the paying members who also match `where` (SQL over `u` = users and `p` = profiles), in id
 * order and 200 per query, so a mail job never holds every member at once.
 */
export async function forEachPayingMember(
  db: Database,
  where: SQL,
  visit: (member: MemberRow) => Promise<void>,
): Promise<void> {
  let after = '';
  for (;;) {
    const batch = rowsOf<MemberRow>(
      await db.execute(sql`
        select u.id as user_id, u.email
        from users u join profiles p on p.user_id = u.id
        where u.id > ${after} and p.has_paid and ${where}
        order by u.id
        limit ${BATCH}`),
    );
    for (const member of batch) await visit(member);
    if (batch.length < BATCH) return;
    after = batch.at(-1)!.user_id;
  }
}

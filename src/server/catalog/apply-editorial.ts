import { sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';

// The operator's editorial text (automation_editorial, written by the console's editorial queue in
// src/server/admin/editorial.ts) laid over what an import derives (decision 0023).

/**
 * The operator's text written over what an import derived, for every item that has some: called by
 * the importer in its publishing transaction, so members never see the derived text replace an edit.
 */
export async function applyEditorial(db: Database): Promise<void> {
  await db.execute(sql`update automations a set
      title = coalesce(e.title, a.title),
      summary = coalesce(e.summary, a.summary),
      tags = coalesce(e.tags, a.tags),
      description = coalesce(e.description, a.description),
      category = coalesce(e.category, a.category),
      video_url = case when e.video_url is null then a.video_url else nullif(e.video_url, '') end
    from automation_editorial e
    where e.automation_id = a.id and (
      (e.title is not null and e.title is distinct from a.title) or
      (e.summary is not null and e.summary is distinct from a.summary) or
      (e.tags is not null and e.tags is distinct from a.tags) or
      (e.description is not null and e.description is distinct from a.description) or
      (e.category is not null and e.category is distinct from a.category) or
      (e.video_url is not null and nullif(e.video_url, '') is distinct from a.video_url))`);
}

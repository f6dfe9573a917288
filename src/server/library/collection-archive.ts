import { and, desc, eq } from 'drizzle-orm';
import { automationEvents, automations } from '#server/db/schema/catalog.ts';
import { collections } from '#server/db/schema/library.ts';
import { AppError } from '#server/lib/errors.ts';
import { onFirstUse } from '#server/lib/on-first-use.ts';
import { workflowFileName } from '#shared/catalog/resource-url.ts';
import { announceActivity, type LibraryDeps } from './library-deps.ts';

// Beyond the spec: the member's whole collection as one ZIP of workflow JSON files, named like the
// detail page's Download, plus a README listing what is inside and what is not.

const fflate = onFirstUse<typeof import('fflate')>('fflate');

export const NOTHING_TO_DOWNLOAD = 'Your collection has no automations to download yet.';

/** `flowvault-collection-2026-03-01.zip` */
export function archiveFileName(now: Date): string {
  return `flowvault-collection-${now.toISOString().slice(0, 10)}.zip`;
}

/** Makes each name unique within the archive: `a.json`, `a-2.json`, `a-3.json`. */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = name.replace(/\.json$/, `-${n}.json`);
  taken.add(candidate);
  return candidate;
}

export async function buildCollectionArchive(
  deps: LibraryDeps,
  userId: string,
): Promise<{ fileName: string; bytes: Uint8Array; files: number }> {
  const db = deps.database.db;
  const rows = await db
    .select({
      id: automations.id,
      title: automations.title,
      deployable: automations.deployable,
      workflowJson: automations.workflowJson,
      templateUrl: automations.templateUrl,
    })
    .from(collections)
    .innerJoin(automations, eq(automations.id, collections.automationId))
    .where(and(eq(collections.userId, userId), eq(automations.published, true)))
    .orderBy(desc(collections.createdAt), desc(collections.id));
  if (rows.length === 0) throw new AppError('NOT_FOUND', { userMessage: NOTHING_TO_DOWNLOAD });

  const now = deps.now?.() ?? new Date();
  const taken = new Set<string>(['README.txt']);
  const entries: Record<string, Uint8Array> = {};
  const included: string[] = [];
  const lines = ['Flowvault collection', `Downloaded ${now.toISOString()}`, ''];
  // Like the detail page's Download: only deployable workflows carry JSON to import.
  const notIncluded: string[] = [];
  for (const row of rows) {
    if (row.deployable && row.workflowJson) {
      const name = uniqueName(workflowFileName(row.title), taken);
      entries[name] = fflate().strToU8(JSON.stringify(JSON.parse(row.workflowJson), null, 2));
      included.push(row.id);
      lines.push(`${name} — ${row.title}`);
    } else {
      notIncluded.push(`${row.title}${row.templateUrl ? ` — ${row.templateUrl}` : ''}`);
    }
  }
  if (notIncluded.length > 0) {
    lines.push('', 'Template only, or not deployable as is (open the template instead):', ...notIncluded);
  }
  lines.push('', 'Import into n8n: Workflows → Import from File, one file at a time.');
  entries['README.txt'] = fflate().strToU8(`${lines.join('\n')}\n`);
  const bytes = fflate().zipSync(entries, { level: 6, mtime: now });

  // Each workflow in the archive is a download (runs and popularity count it).
  if (included.length > 0) {
    await db
      .insert(automationEvents)
      .values(
        included.map((automationId) => ({ userId, automationId, kind: 'download' as const, createdAt: now })),
      );
    // Several automations' usage changed: an event naming none refreshes them all (detail-cache.ts).
    await announceActivity(deps, included.length === 1 ? included[0] : undefined);
  }
  return { fileName: archiveFileName(now), bytes, files: included.length };
}

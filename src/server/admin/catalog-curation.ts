import { eq } from 'drizzle-orm';
import { type Actor, audited, recordAudit } from '#server/audit/audit.ts';
import type { ImportRunner } from '#server/catalog/import-jobs.ts';
import { type CatalogAdminDeps, readUpload } from '#server/catalog/import-uploads.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { AppError } from '#server/lib/errors.ts';
import { isDeployableWith } from '#shared/catalog/derive-automation.ts';
import { cardSummary } from '#shared/catalog/text.ts';
import { catalogEdited } from '../catalog/import-catalog.ts';
import { writeEditorial } from './editorial.ts';

// The operator's curation of catalogue items (edit, publish, deploy override) and the start of an
// upload's import. Each change and its audit entry share a transaction; 'catalog.changed' (search,
// stats) follows the commit.

/** Queues an upload's import and audits it (the import row itself also names the operator). */
export async function startCatalogImport(
  deps: CatalogAdminDeps & { runner: ImportRunner },
  input: { actor: Actor; uploads: { name: string; bytes: Uint8Array }[] },
) {
  const upload = readUpload(input.uploads);
  const fileName = input.uploads.map((u) => u.name).join(', ');
  const { importRow } = await deps.runner.start(input.actor, fileName, upload);
  await recordAudit(deps.database, {
    actor: input.actor,
    action: 'catalog.import',
    target: importRow.id,
    detail: {
      files: fileName,
      workflowFiles: upload.files.length,
      manifestRows: upload.manifestRows?.length ?? 0,
    },
  });
  return importRow;
}

type CatalogEdit = {
  title?: string;
  description?: string;
  category?: string;
  tags?: string[];
  videoUrl?: string | null;
};

/** An item's id and the fields an operator edits (CatalogEdit). */
export const EDITABLE_COLUMNS = {
  id: automations.id,
  title: automations.title,
  description: automations.description,
  category: automations.category,
  tags: automations.tags,
  videoUrl: automations.videoUrl,
};

async function existing(deps: CatalogAdminDeps, id: string) {
  const [row] = await deps.database.db
    .select({ ...EDITABLE_COLUMNS, published: automations.published })
    .from(automations)
    .where(eq(automations.id, id));
  if (!row) throw new AppError('NOT_FOUND', { userMessage: 'Automation not found' });
  return row;
}

/**
 * Edits an item's title, description, category, tags or video link. The edit is editorial text
 * (automation_editorial), so a later re-import keeps it over what the file derives.
 */
export async function editCatalogItem(
  deps: CatalogAdminDeps,
  input: { actor: Actor; id: string; edit: CatalogEdit },
) {
  const { id, edit } = input;
  const before = await existing(deps, id);
  // A new description brings its card summary (as the import derives one from it).
  const described = edit.description !== undefined && edit.description !== before.description;
  const change = { ...edit, ...(described && { summary: cardSummary(edit.description ?? '') }) };
  const changed = await audited(
    deps.database,
    (tx) => writeEditorial(tx, { actor: input.actor, id, change, now: new Date() }),
    (result) =>
      Object.keys(result).length === 0
        ? null
        : { actor: input.actor, action: 'catalog.edit', target: id, detail: result },
  );
  if (Object.keys(changed).length > 0) await catalogEdited(deps.database, deps.bus);
  return { id, changed };
}

/**
 * Lets an item flagged "incomplete wiring" be deployed anyway (or withdraws that). The spec's own deploy
 * rule still applies; the override survives re-imports.
 */
export async function setDeployOverride(
  deps: CatalogAdminDeps,
  input: { actor: Actor; id: string; override: boolean },
) {
  const { id, override } = input;
  const before = await existing(deps, id);
  const [row] = await deps.database.db
    .select({ quality: automations.quality, deployOverride: automations.deployOverride })
    .from(automations)
    .where(eq(automations.id, id));
  const deployable = isDeployableWith(row?.quality ?? null, override);
  const changed = row?.deployOverride !== override;
  if (changed) {
    await audited(
      deps.database,
      (tx) =>
        tx
          .update(automations)
          .set({ deployOverride: override, deployable, updatedAt: new Date() })
          .where(eq(automations.id, id)),
      () => ({
        actor: input.actor,
        action: override ? 'catalog.deploy-override' : 'catalog.deploy-override-withdrawn',
        target: id,
        detail: { title: before.title, deployable },
      }),
    );
    await catalogEdited(deps.database, deps.bus);
  }
  return { id, title: before.title, override, deployable, changed };
}

/** Publishes or unpublishes an item: unpublished items leave search, detail, preview, counters and trending. */
export async function setPublished(
  deps: CatalogAdminDeps,
  input: { actor: Actor; id: string; published: boolean },
) {
  const { id, published } = input;
  const before = await existing(deps, id);
  if (before.published !== published) {
    await audited(
      deps.database,
      (tx) => tx.update(automations).set({ published, updatedAt: new Date() }).where(eq(automations.id, id)),
      () => ({
        actor: input.actor,
        action: published ? 'catalog.publish' : 'catalog.unpublish',
        target: id,
        detail: { title: before.title },
      }),
    );
    await catalogEdited(deps.database, deps.bus);
  }
  return { id, title: before.title, published, changed: before.published !== published };
}

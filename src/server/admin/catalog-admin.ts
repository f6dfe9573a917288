import { and, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import { containsPattern } from '#server/db/like.ts';
import { automations, type StoredQuality } from '#server/db/schema/catalog.ts';
import { assessReadiness } from '#shared/catalog/readiness.ts';
import type { AdminCatalogItem, AdminCatalogPage } from '#shared/schemas/admin.ts';

// The operator's catalogue list: items with their not-deployable reasons (uploads and import runs:
// src/server/catalog/import-uploads.ts; edits: catalog-curation.ts).

import type { CatalogAdminDeps } from '#server/catalog/import-uploads.ts';
import { EDITABLE_COLUMNS } from './catalog-curation.ts';

export const CATALOG_PAGE_SIZE = 50;

export async function listCatalogItems(
  deps: CatalogAdminDeps,
  query: { q?: string; status: 'all' | 'published' | 'unpublished' | 'not-deployable'; page: number },
): Promise<AdminCatalogPage> {
  const db = deps.database.db;
  const filters: SQL[] = [];
  const q = query.q?.trim();
  if (q) {
    const pattern = containsPattern(q);
    const match = or(ilike(automations.title, pattern), ilike(automations.id, pattern));
    if (match) filters.push(match);
  }
  if (query.status === 'published') filters.push(eq(automations.published, true));
  if (query.status === 'unpublished') filters.push(eq(automations.published, false));
  if (query.status === 'not-deployable') filters.push(eq(automations.deployable, false));
  const where = filters.length ? and(...filters) : undefined;
  const [totalRow] = await db.select({ total: count() }).from(automations).where(where);
  const rows = await db
    .select({
      ...EDITABLE_COLUMNS,
      source: automations.source,
      published: automations.published,
      deployable: automations.deployable,
      nodeCount: automations.nodeCount,
      quality: automations.quality,
      deployOverride: automations.deployOverride,
      updatedAt: automations.updatedAt,
    })
    .from(automations)
    .where(where)
    .orderBy(automations.title, automations.id)
    .limit(CATALOG_PAGE_SIZE)
    .offset((query.page - 1) * CATALOG_PAGE_SIZE);
  const items: AdminCatalogItem[] = rows.map(({ updatedAt, quality, ...r }) => ({
    ...r,
    incompleteWiring: quality?.incompleteWiring ?? false,
    notDeployableReason: r.deployable ? null : notDeployableReason(quality),
    updatedAt: updatedAt.toISOString(),
  }));
  return { items, page: query.page, pageSize: CATALOG_PAGE_SIZE, total: Number(totalRow?.total ?? 0) };
}

/** Why an item cannot be deployed, from its stored readiness (decision 0023). */
function notDeployableReason(quality: StoredQuality | null): string {
  if (!quality) return assessReadiness(null).flags[0]!.message;
  if (quality.deployRefusal) return quality.deployRefusal;
  return `Incomplete wiring: connections name missing nodes (${quality.missingNodes.join(', ')}).`;
}

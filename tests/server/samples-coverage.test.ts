// The sample library a fresh install imports must cover every category and every filter tag
// of the spec through the importer's own derived fields (not just through wording).
import path from 'node:path';
import { expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { CATEGORIES, FILTER_TAGS } from '#shared/catalog/constants.ts';
import { createTestApp } from '#tests/support/test-app.ts';

it('imports the samples with every category and filter tag reachable, every one deployable', async () => {
  const t = await createTestApp();
  const report = await importCatalogPath({
    database: t.database,
    target: path.resolve('samples'),
    source: 'library',
  });
  expect(report.skipped).toEqual([]);
  expect(report.imported).toBeGreaterThanOrEqual(40);
  const rows = await t.database.db.select().from(automations);
  const categories = new Set(rows.map((r) => r.category));
  expect([...CATEGORIES].filter((c) => !categories.has(c))).toEqual([]);
  const tags = new Set(rows.flatMap((r) => r.tags));
  expect([...FILTER_TAGS].filter((tag) => !tags.has(tag))).toEqual([]);
  // The small samples the spec's node count refused are whole workflows (decision 0023).
  expect(rows.filter((r) => !r.deployable).map((r) => r.id)).toEqual([]);
  // No placeholder videos or template links, no item without its workflow (issue 43).
  expect(rows.filter((r) => r.videoUrl || r.templateUrl || r.workflowJson === null)).toEqual([]);
});

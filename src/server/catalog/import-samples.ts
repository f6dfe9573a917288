import { existsSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import type { DbHandle } from '#server/db/client.ts';
import { automations } from '#server/db/schema/catalog.ts';
import type { Logger } from '#server/lib/logger.ts';
import { importCatalogPath } from './import-catalog.ts';

/** Fresh start: imports the bundled sample library when the catalogue is empty. */
export async function importSamplesIfEmpty(
  database: Pick<DbHandle, 'db' | 'driver' | 'pglite' | 'pool'>,
  samplesDir: string,
  log: Logger,
): Promise<void> {
  const [row] = await database.db.select({ n: sql<number>`count(*)::int` }).from(automations);
  if (Number(row?.n ?? 0) > 0 || !existsSync(samplesDir)) return;
  const report = await importCatalogPath({ database, target: samplesDir, source: 'library' });
  log.info(
    { imported: report.imported, skipped: report.skipped.length, total: report.total },
    'catalogue was empty: sample library imported',
  );
  for (const s of report.skipped) log.warn({ path: s.path }, `sample skipped: ${s.reason}`);
}

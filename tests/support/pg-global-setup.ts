// Runs once per `vitest` run for the server-pg project: makes a migrated template database that
// every test app clones, and drops everything this run created at the end.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { adminUrl, databaseUrl, RUN_PREFIX } from './pg-urls.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgRunId: string;
  }
}

export default async function setup(project: TestProject) {
  const runId = randomBytes(4).toString('hex');
  const template = `${RUN_PREFIX}${runId}_tpl`;
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  await admin.query(`create database "${template}"`);
  await admin.end();

  const handle = await openDatabase({ kind: 'pg', url: databaseUrl(template), poolSize: 2 });
  await migrateDatabase(handle);
  await handle.close();
  project.provide('pgRunId', runId);

  return async () => {
    const client = new pg.Client({ connectionString: adminUrl() });
    await client.connect();
    const { rows } = await client.query<{ datname: string }>(
      'select datname from pg_database where datname like $1',
      [`${RUN_PREFIX}${runId}_%`],
    );
    for (const row of rows) await client.query(`drop database if exists "${row.datname}" with (force)`);
    await client.end();
  };
}

import pg from 'pg';

/** Databases made by test runs start with this, so a crashed run's leftovers are recognisable. */
export const RUN_PREFIX = 'fv_test_';

export function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  return url;
}

export function databaseUrl(name: string): string {
  const u = new URL(adminUrl());
  u.pathname = `/${name}`;
  return u.toString();
}

/** One statement on the server's admin database (create or drop a run's database). */
export async function adminQuery(text: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl() });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}

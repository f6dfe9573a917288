// The catalogue bench's server process: the real app on a loopback port over an existing embedded
// database, every request made by a member. Reports its port and answers RSS questions over IPC.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from '../src/server/app.ts';
import { createPglite, openDatabase } from '../src/server/db/client.ts';
import { migrateDatabase } from '../src/server/db/migrate.ts';
import { defaultTemplateFile, templateFor } from '../src/server/db/template.ts';
import { parseEnv } from '../src/server/env.ts';
import { createLogger } from '../src/server/lib/logger.ts';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: catalog-server.ts <pglite data dir>');
const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
// A new data dir starts from the build's template, as `npm start` does (connectDatabase).
const database = await openDatabase({
  kind: 'pglite',
  pglite: await createPglite(dataDir, templateFor(dataDir, defaultTemplateFile())),
});
await migrateDatabase(database);
const member = { userId: 'bench', email: 'bench@flowvault.test', role: 'user' as const, isMember: true };
const app = createApp({
  env,
  database,
  log: createLogger(env),
  version: 'bench',
  startedAt: Date.now(),
  resolveViewer: async () => member,
});
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }) as Server;
await new Promise((resolve) => server.once('listening', resolve));
process.send?.({ port: (server.address() as AddressInfo).port });
process.on('message', async (message: { type: string }) => {
  if (message.type === 'rss') {
    process.send?.({ rss: process.memoryUsage().rss, maxRss: process.resourceUsage().maxRSS * 1024 });
  }
  if (message.type === 'stop') {
    server.close();
    await database.close();
    process.exit(0);
  }
});

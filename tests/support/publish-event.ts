// Another server process, as far as the event bridge can tell: publishes one bus event through
// PostgreSQL NOTIFY and exits. Usage: node tests/support/publish-event.ts <database url> <topic> <json>
import { openDatabase } from '#server/db/client.ts';
import { type BusTopic, createEventBus, publishEverywhere } from '#server/realtime/event-bus.ts';

const [url, topic, json] = process.argv.slice(2);
if (!url || !topic || !json) throw new Error('usage: publish-event.ts <database url> <topic> <json>');
const database = await openDatabase({ kind: 'pg', url, poolSize: 1 });
await publishEverywhere(database, createEventBus(), topic as BusTopic, JSON.parse(json));
await database.close();

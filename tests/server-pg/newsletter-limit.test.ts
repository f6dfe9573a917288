// Issue 20 (hole 11): on PostgreSQL, 30 parallel newsletter sign-ups from one sender pass the hourly
// limit exactly NEWSLETTER_LIMIT_PER_HOUR times (the check and the insert are serialised per sender).
import { afterEach, expect, it } from 'vitest';
import { submitContactMessage, subscribeNewsletter } from '#server/content/site-inbox.ts';
import { CONTACT_LIMIT_PER_HOUR, NEWSLETTER_LIMIT_PER_HOUR } from '#shared/schemas/site.ts';
import { createTestDatabase, type TestDatabase, usingPostgres } from '#tests/support/test-db.ts';

const open: TestDatabase[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((d) => d.dispose()));
});

it('30 parallel newsletter sign-ups and contact messages from one sender respect the limits', async () => {
  expect(usingPostgres).toBe(true);
  const database = await createTestDatabase();
  open.push(database);
  const deps = { db: database.handle.db };
  const signUps = await Promise.allSettled(
    Array.from({ length: 30 }, (_, i) =>
      subscribeNewsletter(deps, { email: `reader-${i}@example.com`, sender: '203.0.113.7' }),
    ),
  );
  expect(signUps.filter((r) => r.status === 'fulfilled')).toHaveLength(NEWSLETTER_LIMIT_PER_HOUR);
  const contacts = await Promise.allSettled(
    Array.from({ length: 30 }, (_, i) =>
      submitContactMessage(deps, {
        name: `Visitor ${i}`,
        email: `visitor-${i}@example.com`,
        message: 'A question about the library.',
        sender: '203.0.113.7',
      }),
    ),
  );
  expect(contacts.filter((r) => r.status === 'fulfilled')).toHaveLength(CONTACT_LIMIT_PER_HOUR);
});

// Input named like a built-in property of JavaScript's objects (issue 41): `constructor`, `__proto__`,
// `toString`… as a search, a chip, an integration, or a JSON key. A lookup in a plain object answered
// with the built-in (a function) and the request failed with 500. Every such name, on every search and
// as a key of a JSON body with a refused value, gets the answer any other word gets.
import { expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { FIXTURE_LIBRARY } from '#tests/support/library-app.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { viewerFromHeader } from '#tests/support/viewers.ts';

/** Every own property name of the prototypes a parsed value or a lookup table inherits from. */
const BUILT_IN_NAMES = [
  ...new Set(
    [Object.prototype, Array.prototype, String.prototype, Function.prototype, Number.prototype].flatMap((p) =>
      Object.getOwnPropertyNames(p),
    ),
  ),
].sort();

it('every built-in property name is an ordinary word to the searches and an ordinary key to validation', async () => {
  expect(BUILT_IN_NAMES).toEqual(
    expect.arrayContaining(['__proto__', 'constructor', 'toString', 'hasOwnProperty']),
  );
  const t = await createTestApp({ resolveViewer: viewerFromHeader() });
  await importCatalogPath({ database: t.database, target: FIXTURE_LIBRARY });
  const member = { 'x-test-viewer': 'member' };
  const failures: string[] = [];
  const expectStatus = async (label: string, res: Response, allowed: number[]) => {
    if (!allowed.includes(res.status)) failures.push(`${label}: ${res.status}`);
  };
  for (const name of BUILT_IN_NAMES) {
    const q = encodeURIComponent(name);
    await expectStatus(`/library?q=${name}`, await t.request(`/library?q=${q}`), [200]);
    for (const query of [`q=${q}%20${q}`, `chips=${q}&integrations=${q}`])
      await expectStatus(
        `automations?${query}`,
        await t.request(`/api/catalog/automations?${query}`, { headers: member }),
        [200, 422],
      );
    await expectStatus(
      `ai-agents?q=${name}`,
      await t.request(`/api/catalog/ai-agents?q=${q}`, { headers: member }),
      [200],
    );
    // A key named like a built-in with a refused value: the field error names it, no 500.
    if (['name', 'email', 'subject', 'message'].includes(name)) continue;
    const res = await t.request('/api/contact', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `{${JSON.stringify(name)}:"a\\u0000b","name":"A","email":"a@example.com","subject":"Hi","message":"Hello there, a question."}`,
    });
    await expectStatus(`contact key ${name}`, res, [422]);
    if (res.status === 422) {
      const body = (await res.json()) as { error: { fields?: Record<string, string[]> } };
      if (!Object.keys(body.error.fields ?? {}).length) failures.push(`contact key ${name}: no field errors`);
    }
  }
  expect(failures).toEqual([]);
});

import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importCatalogPath } from '../../src/server/catalog/import-catalog.ts';
import { matchesQuery } from '../../src/shared/catalog/search-rules.ts';
import { createTestApp } from '../support/test-app.ts';
import { viewerFor } from '../support/viewers.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');

describe('search never fails and never leaks wildcards, whatever q and chips are', () => {
  it('answers 200 (or 422 for over-long input) to random strings, with only true substring matches', async () => {
    const { request, database } = await createTestApp({ resolveViewer: viewerFor('member') });
    await importCatalogPath({ database, target: LIBRARY });
    const all = (await (await request('/api/catalog/automations?pageSize=100')).json()) as {
      items: { id: string; title: string; summary: string; author: string; tags: string[] }[];
    };
    const details = await Promise.all(
      all.items.map(
        async (i) =>
          (await (await request(`/api/catalog/automations/${i.id}`)).json()) as { description: string },
      ),
    );
    const items = all.items.map((i, k) => ({ ...i, description: details[k]!.description }));
    const text = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.constantFrom(
        '%',
        '_',
        '\\',
        "'",
        '"',
        '%_%',
        '\\%',
        'e-mail',
        'c++',
        'slack:bot',
        '🚀',
        '\u0000',
        '*',
        '(',
        '[a-',
      ),
      fc.string({ minLength: 990, maxLength: 1_010 }),
    );
    await fc.assert(
      fc.asyncProperty(text, fc.array(text, { maxLength: 4 }), async (q, chips) => {
        const url = `/api/catalog/automations?q=${encodeURIComponent(q)}&chips=${encodeURIComponent(chips.join(','))}&pageSize=100`;
        const res = await request(url);
        expect(res.status).toBeLessThan(500);
        // Limits count characters (code points), as zod does: an emoji is one character.
        if ([...q].length > 1_000 || [...chips.join(',')].length > 2_000) {
          expect(res.status).toBe(422);
          return;
        }
        expect(res.status).toBe(200);
        const body = (await res.json()) as { items: { id: string }[]; total: number };
        expect(body.total).toBe(body.items.length);
        const needle = q.replaceAll('\u0000', '');
        for (const hit of body.items) {
          const item = items.find((i) => i.id === hit.id)!;
          expect(matchesQuery(needle, item)).toBe(true);
        }
        if (chips.length === 0) {
          const expected = items
            .filter((i) => matchesQuery(needle, i))
            .map((i) => i.id)
            .sort();
          expect(body.items.map((i) => i.id).sort()).toEqual(expected);
        }
      }),
      { numRuns: 200, endOnFailure: true },
    );
  });
});

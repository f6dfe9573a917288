import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { matchesQuery, matchesSearch, matchesWordsIn } from '#server/search/rules.ts';
import { nodeTypesOf } from '#shared/catalog/structure.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { viewerFor } from '#tests/support/viewers.ts';

const LIBRARY = path.resolve(import.meta.dirname, '../fixtures/catalog/library');

describe('search never fails and never leaks wildcards, whatever q and chips are', () => {
  it("answers 200 (or 422 for over-long input) to random strings; the spec's substring matches are a subset", async () => {
    const { client, request, database } = await createTestApp({ resolveViewer: viewerFor('member') });
    await importCatalogPath({ database, target: LIBRARY });
    const automations = client.api.catalog.automations;
    const all = (await (await automations.$get({ query: { pageSize: '100' } })).json()) as {
      items: {
        id: string;
        title: string;
        summary: string;
        author: string;
        tags: string[];
        category: string;
        integrations: string[];
      }[];
    };
    const details = await Promise.all(
      all.items.map(
        async (i) =>
          (await (await automations[':id'].$get({ param: { id: i.id } })).json()) as {
            description: string;
            howItWorks: string;
            workflowJson: { nodes?: { type?: string }[] } | null;
          },
      ),
    );
    const items = all.items.map((i, k) => ({
      ...i,
      description: details[k]!.description,
      notes: details[k]!.howItWorks,
      // What the index holds: the node types without sticky notes (a note is not an app the workflow uses).
      nodeTypes: nodeTypesOf(details[k]!.workflowJson as WorkflowJson | null),
    }));
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
        // Raw: the random strings are sent exactly as encoded here.
        const url = `/api/catalog/automations?q=${encodeURIComponent(q)}&chips=${encodeURIComponent(chips.join(','))}&pageSize=100`;
        const res = await request(url);
        expect(res.status).toBeLessThan(500);
        // Limits count characters (code points), as zod does: an emoji is one character.
        // A NUL character is refused at validation (issue 20), like over-long input.
        if (
          `${q}${chips.join(',')}`.includes('\u0000') ||
          [...q].length > 1_000 ||
          [...chips.join(',')].length > 2_000
        ) {
          expect(res.status).toBe(422);
          return;
        }
        expect(res.status).toBe(200);
        const body = (await res.json()) as { items: { id: string }[]; total: number };
        expect(body.total).toBe(body.items.length);
        const needle = q.replaceAll('\u0000', '');
        const got = new Set(body.items.map((i) => i.id));
        // Every hit satisfies the member rule (the word rule widening the spec's substring rule)…
        for (const id of got) expect(matchesSearch(needle, items.find((i) => i.id === id)!), id).toBe(true);
        if (chips.length === 0) {
          // …and everything the spec's rule matches is still found, and so is everything the word rule finds.
          for (const i of items)
            if (matchesQuery(needle, i)) expect(got.has(i.id), `${i.id} (spec rule)`).toBe(true);
          const kept = matchesWordsIn(needle, items);
          items.forEach((i, k) => {
            expect(got.has(i.id), i.id).toBe(matchesQuery(needle, i) || kept[k]!);
          });
        }
      }),
      { numRuns: 200, endOnFailure: true },
    );
  });

  it('never answers 5xx to hostile sorts, integration, stack and paging parameters', async () => {
    const { request, database } = await createTestApp({ resolveViewer: viewerFor('member') });
    await importCatalogPath({ database, target: LIBRARY });
    const value = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'grapheme', maxLength: 10 }),
      fc.constantFrom(
        'relevance',
        'newest',
        'only',
        'any',
        'Gmail,Telegram',
        ',,,',
        '\u0000',
        '-1',
        '1e9',
        'x'.repeat(5_000),
      ),
    );
    const key = fc.constantFrom(
      'q',
      'sort',
      'integrations',
      'stack',
      'stackMode',
      'page',
      'pageSize',
      'chips',
    );
    await fc.assert(
      fc.asyncProperty(fc.array(fc.tuple(key, value), { maxLength: 5 }), async (pairs) => {
        const query = pairs.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('&');
        const res = await request(`/api/catalog/automations?${query}`);
        expect(res.status, query).toBeLessThan(500);
        expect([200, 400, 422]).toContain(res.status);
      }),
      { numRuns: 150, endOnFailure: true },
    );
  });
});

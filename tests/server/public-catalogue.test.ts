import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setPublished } from '#server/admin/catalog-curation.ts';
import { catalogEdited, importCatalog, importCatalogPath } from '#server/catalog/import-catalog.ts';
import { catalogReads } from '#server/catalog/search-reads.ts';
import { processBus } from '#server/realtime/event-bus.ts';
import { createSearchIndex } from '#server/search/index.ts';
import { createSitemaps } from '#server/site/catalogue/sitemap.ts';
import { signIn } from '#tests/support/sessions.ts';
import { createTestApp, type TestApp } from '#tests/support/test-app.ts';
import { viewerFromHeader } from '#tests/support/viewers.ts';
import { makeWebRoot } from '#tests/support/web-root.ts';

// Issue 18 as curl sees it: the public catalogue without JavaScript, against the real app on a real
// database with the sample library a fresh install imports.

const SAMPLES = path.resolve(import.meta.dirname, '../../samples');
const webRoot = makeWebRoot();
const plain = { headers: { 'accept-encoding': 'identity' } };

async function appWithSamples(): Promise<TestApp> {
  const t = await createTestApp({ webRoot, resolveViewer: viewerFromHeader() });
  await importCatalogPath({ database: t.database, target: SAMPLES, source: 'library' });
  return t;
}

async function html(t: TestApp, url: string, headers: Record<string, string> = {}) {
  const res = await t.request(url, { headers: { ...plain.headers, ...headers } });
  return { status: res.status, res, text: await res.text() };
}

const links = (text: string) =>
  [...text.matchAll(/href="\/automation\/([^"]+)"/g)].map((m) => decodeURIComponent(m[1]!));

/**
 * Every sticky-note line and long parameter value (prompts, code, URLs, expressions) of a sample file:
 * what a visitor must never get. Short values such as a form's title may be quoted by the generated
 * steps (decision 0012), which are public.
 */
function secretsOf(file: string): { notes: string[]; params: string[] } {
  const wf = JSON.parse(readFileSync(file, 'utf8')) as {
    nodes: { type: string; parameters?: Record<string, unknown> }[];
  };
  const notes: string[] = [];
  const params: string[] = [];
  for (const node of wf.nodes) {
    const walk = (v: unknown) => {
      if (typeof v === 'string' && v.length >= 40) params.push(v);
      else if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    if (node.type.endsWith('stickyNote')) {
      const content = node.parameters?.content;
      if (typeof content === 'string')
        notes.push(...content.split('\n').filter((l) => l.trim().length >= 16));
    } else walk(node.parameters);
  }
  return { notes, params };
}

describe('/library without JavaScript', () => {
  it('lists at least 20 templates, each linking to its page, with the card facts and no JSON', async () => {
    const t = await appWithSamples();
    const { status, text, res } = await html(t, '/library');
    expect(status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    const ids = links(text);
    expect(new Set(ids).size).toBeGreaterThanOrEqual(20);
    expect(text).toContain('SITE TOP BAR'); // served inside the site's frame
    expect(text).toContain('<title>n8n workflow template library');
    expect(text).toContain('<link rel="canonical" href="http://flowvault.test/library" />');
    expect(text).toMatch(/\d+ nodes/);
    expect(text).toMatch(/Beginner|Intermediate|Advanced/);
    expect(text).not.toContain('"connections"');
    expect(text).not.toContain('"parameters"');
  });

  it('searches with the members engine, filters and pages through the URL', async () => {
    const t = await appWithSamples();
    const all = await html(t, '/library');
    const total = Number(/([\d,]+) templates/.exec(all.text)?.[1]?.replace(',', ''));
    expect(total).toBeGreaterThan(24);
    const page2 = await html(t, '/library?page=2');
    expect(links(page2.text).filter((id) => links(all.text).includes(id))).toEqual([]);
    expect(page2.text).toContain('rel="prev"');

    const slack = await html(t, '/library?q=slack');
    const found = links(slack.text);
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThan(total);
    expect(slack.text).toContain('value="slack"');
    expect(slack.text).toContain('<meta name="robots" content="noindex" />');
    // The description counts what the search found; only the whole library is "Browse N" (issue 43).
    const description = (text: string) => /<meta name="description" content="([^"]*)"/.exec(text)?.[1];
    const n =
      found.length === 1
        ? '1 ready-made n8n workflow template matches'
        : `${found.length} ready-made n8n workflow templates match`;
    expect(description(slack.text)).toMatch(new RegExp(`^${n} this search`));
    expect(description(all.text)).toMatch(new RegExp(`^Browse ${total} ready-made n8n workflow templates:`));

    const app = await html(t, '/library?app=Slack');
    for (const id of links(app.text)) {
      const page = await html(t, `/automation/${encodeURIComponent(id)}`);
      expect(page.text, id).toContain('<span>Slack</span>');
    }
    // The form sends empty fields too, and a typo is no error page: both go to the one clean URL.
    const form = await t.request('/library?q=slack&tag=&app=&sort=', { redirect: 'manual' });
    expect([form.status, form.headers.get('location')]).toEqual([302, '/library?q=slack']);
    const typo = await t.request('/library?page=banana&sort=sideways', { redirect: 'manual' });
    expect([typo.status, typo.headers.get('location')]).toEqual([302, '/library']);
    const none = await html(t, '/library?q=zzzqqqxxx');
    expect(none.text).toContain('No templates match this search.');
  });
});

describe('a template page for a visitor', () => {
  it('holds its title, description, canonical link, Open Graph, JSON-LD and the offer', async () => {
    const t = await appWithSamples();
    const id = 'ai-email-triage-gmail-openai';
    const { status, text } = await html(t, `/automation/${id}`);
    expect(status).toBe(200);
    const title = /<h1[^>]*>([^<]+)<\/h1>/.exec(text)?.[1];
    expect(title).toBeTruthy();
    expect(text).toContain(`<title>${title} | n8n workflow template | Flowvault</title>`);
    expect(text).toMatch(/<meta name="description" content="[^"]{20,}" \/>/);
    expect(text).toContain(`<link rel="canonical" href="http://flowvault.test/automation/${id}" />`);
    expect(text).toContain(
      `<meta property="og:image" content="http://flowvault.test/og/automation/${id}.png" />`,
    );
    const ld = JSON.parse(/<script type="application\/ld\+json">(.+?)<\/script>/.exec(text)![1]!);
    expect(ld[0]).toMatchObject({ '@type': 'Product', url: `http://flowvault.test/automation/${id}` });
    expect(text).toContain('Get lifetime access');
    expect(text).toContain(
      `href="/auth?mode=register&amp;next=${encodeURIComponent(`/payment?next=${encodeURIComponent(`/automation/${id}`)}`)}"`,
    );
    for (const heading of ['How it works', 'Apps', 'Credentials needed']) expect(text).toContain(heading);
    expect(text).toMatch(/<div role="img" aria-label="Workflow canvas of/);
  });

  it('draws the canvas readable on a phone: icons, full names, a fixed scale that scrolls (issue 43 item 19)', async () => {
    const t = await appWithSamples();
    const { text } = await html(t, '/automation/whatsapp-faq-assistant-memory');
    // The member canvas's own node shapes (React Flow), rendered once on the server.
    const canvas = /<div role="img" aria-label="Workflow canvas of[\s\S]*?<figcaption/.exec(text)?.[0] ?? '';
    expect(canvas).toContain('class="react-flow__node react-flow__node-n8n');
    // Each node carries its app's logo from the brand sprite (the web app's asset), or its family's glyph.
    expect(canvas).toMatch(/<use href="[^"]*brand-icons[^"]*\.svg#whatsapp">/);
    // Names in full (not cut at 22 characters) and the AI ports labelled.
    for (const name of ['WhatsApp message', 'OpenAI Chat', 'Customer', 'Read FAQ page', 'Check stock'])
      expect(canvas).toContain(`>${name}`);
    for (const port of ['Chat Model', 'Memory', 'Tool']) expect(canvas).toContain(`>${port}</span>`);
    // The wiring: an edge per connection, main and AI, drawn between the nodes' handles.
    expect(canvas.match(/class="react-flow__edge-path"/g)?.length).toBeGreaterThanOrEqual(4);
    expect(canvas).not.toMatch(/<path d="M0,0|NaN/);
    // Drawn at 1.1 px per canvas unit whatever the workflow's width, in a container that scrolls.
    expect(canvas).toMatch(
      /class="react-flow__viewport[^"]*" style="transform:translate\([-\d.]+px, ?[-\d.]+px\) scale\(1\.1\)"/,
    );
    expect(text).toMatch(
      /<div tabindex="0" role="group" aria-label="Workflow canvas, scrolls sideways" class="[^"]*overflow-auto/,
    );
    // Sticky notes are members' content: no empty boxes for visitors; nothing on it takes the focus.
    expect(canvas).not.toContain('react-flow__node-sticky');
    expect(canvas).not.toContain('tabindex="0"');
  });

  it('never carries the workflow JSON, node parameters or sticky-note text', async () => {
    const t = await appWithSamples();
    const dir = path.join(SAMPLES, 'workflows');
    let notesChecked = 0;
    let paramsChecked = 0;
    for (const file of readdirSync(dir)) {
      const id = file.replace(/\.json$/, '');
      const { status, text } = await html(t, `/automation/${id}`);
      if (status !== 200) continue; // ids come from the manifest when it names one
      const { notes, params } = secretsOf(path.join(dir, file));
      expect(text, id).not.toContain('"connections"');
      expect(text, id).not.toContain('"typeVersion"');
      for (const note of notes) expect(text, `${id}: note text`).not.toContain(note.trim());
      for (const p of params) expect(text, `${id}: parameter`).not.toContain(p);
      notesChecked += notes.length;
      paramsChecked += params.length;
    }
    expect(notesChecked).toBeGreaterThan(0);
    expect(paramsChecked).toBeGreaterThan(0);
  });

  it('answers 404 for an unpublished or unknown template, and is dropped from the sitemap', async () => {
    const t = await appWithSamples();
    const [id] = links((await html(t, '/library')).text);
    expect((await html(t, `/automation/${id}`)).status).toBe(200);
    expect((await html(t, '/sitemap.xml')).text).toContain(`/automation/${id}</loc>`);
    // The operator's unpublish (it announces the change like an import does).
    const operator = await signIn(t, 'admin');
    await setPublished(
      { database: t.database },
      { actor: { userId: operator.userId, email: operator.email }, id: id!, published: false },
    );
    const gone = await html(t, `/automation/${id}`);
    expect(gone.status).toBe(404);
    // /library views are kept too, and dropped with the change like template pages.
    expect(links((await html(t, '/library')).text)).not.toContain(id);
    expect(gone.text).toContain('404');
    expect((await html(t, '/sitemap.xml')).text).not.toContain(`/automation/${id}</loc>`);
    expect((await html(t, '/automation/no-such-template')).status).toBe(404);
  });

  it('says when a template is not deployable as it is, and promises it nothing (no trigger)', async () => {
    const t = await appWithSamples();
    // An old file: two steps and nothing that starts them (readiness blocks it, decision 0023).
    const workflow = {
      name: 'Two steps, no trigger',
      nodes: [
        { type: 'n8n-nodes-base.function', name: 'Make Data', position: [0, 0] },
        { type: 'n8n-nodes-base.writeBinaryFile', name: 'Write File', position: [200, 0] },
      ],
      connections: { 'Make Data': { main: [[{ node: 'Write File', type: 'main', index: 0 }]] } },
    };
    const bytes = new TextEncoder().encode(JSON.stringify(workflow));
    await importCatalog({ database: t.database, files: [{ path: '9001_no_trigger.json', bytes }] });
    const page = await html(t, '/automation/9001-no-trigger');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Not deployable as it is');
    expect(page.text).toContain('Nothing starts it');
    expect(page.text).not.toContain('One-click deploy');
    expect(page.text).not.toContain('for this and every other template');
    expect(page.text).toContain('for every deployable template in the library');
    expect(page.text).toContain('Once a trigger is added, it runs custom code and writes a file to disk.');
    // A template that deploys keeps the plain promise and no such notice.
    const [ready] = links((await html(t, '/library')).text).filter((id) => id !== '9001-no-trigger');
    const readyPage = (await html(t, `/automation/${ready}`)).text;
    expect(readyPage).toContain('for this and every other template in the library');
    expect(readyPage).not.toContain('Not deployable as it is');
  });

  it('gives members the full app at the same URL, visitors and unpaid users the public page', async () => {
    const t = await appWithSamples();
    const [id] = links((await html(t, '/library')).text);
    const member = await html(t, `/automation/${id}`, { 'x-test-viewer': 'member' });
    expect(member.text).toContain('data-shell="app"');
    expect(member.res.headers.get('vary')).toContain('Cookie');
    const user = await html(t, `/automation/${id}`, { 'x-test-viewer': 'user' });
    expect(user.text).toContain('Get lifetime access');
  });

  it('is kept between requests and rebuilt when the catalogue changes', async () => {
    const t = await appWithSamples();
    const [id] = links((await html(t, '/library')).text);
    const first = await t.request(`/automation/${id}`, plain);
    const etag = first.headers.get('etag')!;
    expect((await t.request(`/automation/${id}`, { headers: { 'if-none-match': etag } })).status).toBe(304);
    const listed = { headers: { 'if-none-match': `W/"stale", W/${etag}` } };
    expect((await t.request(`/automation/${id}`, listed)).status).toBe(304);
    await t.database.db.execute(`update automations set title = 'A renamed template' where id = '${id}'`);
    await catalogEdited(t.database);
    const after = await html(t, `/automation/${id}`);
    expect(after.text).toContain(
      '<h1 class="text-3xl font-bold tracking-tight sm:text-4xl">A renamed template</h1>',
    );
    expect(after.res.headers.get('etag')).not.toBe(etag);
  });
});

describe('the sitemap', () => {
  it('lists every published template and the site pages', async () => {
    const t = await appWithSamples();
    const { text } = await html(t, '/sitemap.xml');
    const rows = await t.database.db.execute('select id from automations where published');
    const ids =
      (rows as unknown as { rows?: { id: string }[] }).rows ?? (rows as unknown as { id: string }[]);
    expect(ids.length).toBeGreaterThan(20);
    for (const { id } of ids)
      expect(text).toContain(`<loc>http://flowvault.test/automation/${encodeURIComponent(id)}</loc>`);
    expect(text).toContain('<loc>http://flowvault.test/library</loc>');
  });

  it('becomes a sitemap index once the URLs do not fit one file', async () => {
    const t = await appWithSamples();
    // The protocol's 50,000 is too many rows for a unit test: the same code with a limit of 10.
    const index = createSearchIndex({ reads: catalogReads(t.database.db), bus: processBus });
    const sitemaps = createSitemaps({ index, baseUrl: 'http://flowvault.test', webRoot, limit: 10 });
    const root = await sitemaps.root();
    index.close();
    expect(root).toContain('<sitemapindex');
    const names = [...root.matchAll(/<loc>http:\/\/flowvault\.test\/sitemaps\/([^<]+)<\/loc>/g)].map(
      (m) => m[1]!,
    );
    expect(names.length).toBeGreaterThan(2);
    let urls = 0;
    for (const name of names) {
      const body = (await sitemaps.part(name))!;
      const n = body.match(/<url>/g)?.length ?? 0;
      expect(n).toBeLessThanOrEqual(10);
      urls += n;
    }
    expect(await sitemaps.part('pages-999.xml')).toBeUndefined();
    const single = await html(t, '/sitemap.xml');
    expect(urls).toBe(single.text.match(/<url>/g)?.length);
  });
});

// The workflow canvas and the integration icons end to end, on a large real AI-agent workflow of the
// reference corpus (35 working nodes, 15 sticky notes, an agent with model, memory and tool sub-nodes):
// the operator uploads it, a paying member finds its card (app icons, keyboard focus ring) and opens it
// (Fit View holds every node, sticky notes lie behind the nodes, nothing on the canvas is a Tab stop but
// the canvas and its controls), and a visitor's page draws the same shapes without the notes' text.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, type Locator, type Page } from '@playwright/test';
import { CORPUS_ARCHIVE } from '../tests/support/n8n-corpus.ts';
import { becomePayingMember, signInOperator, test, waitForHydration, watchConsole } from './support.ts';

const FILE = 'workflows/Telegram/1185_Telegram_Wait_Automate_Webhook.json';
const STICKY_TEXT = 'Human In The Loop';

function corpusFile(): { file: string; workflow: { nodes: { type: string }[] }; cleanup(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'fv-canvas-e2e-'));
  execFileSync('tar', ['-xzf', CORPUS_ARCHIVE, '-C', dir, FILE]);
  const file = path.join(dir, FILE);
  return {
    file,
    workflow: JSON.parse(readFileSync(file, 'utf8')),
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

type Box = { x: number; y: number; width: number; height: number };
const inside = (b: Box, outer: Box) =>
  b.x >= outer.x - 1 &&
  b.y >= outer.y - 1 &&
  b.x + b.width <= outer.x + outer.width + 1 &&
  b.y + b.height <= outer.y + outer.height + 1;

async function boxes(list: Locator): Promise<Box[]> {
  return list.evaluateAll((els) =>
    els.map((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    }),
  );
}

/** The detail page's canvas: waits until every node is drawn. */
async function openCanvas(page: Page, url: string, nodes: number) {
  await page.goto(url);
  const canvas = page.getByTestId('workflow-canvas');
  await expect(canvas.locator('.react-flow__node')).toHaveCount(nodes, { timeout: 20_000 });
  return canvas;
}

test('a large AI-agent workflow: app icons on its card, every node in view after Fit View, notes behind nodes', async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(180_000);
  const corpus = corpusFile();
  try {
    const all = corpus.workflow.nodes.length;
    const working = corpus.workflow.nodes.filter((n) => n.type !== 'n8n-nodes-base.stickyNote').length;
    expect(working).toBe(35);

    // The operator uploads the one file.
    await signInOperator(page, baseURL!);
    await page.goto('/admin/catalog');
    await page
      .getByLabel('A ZIP, workflow .json files or a manifest (up to 50 MB)')
      .setInputFiles(corpus.file);
    await page.getByRole('button', { name: 'Upload and import' }).click();
    await expect(page.getByText(`${path.basename(FILE)}: import finished`)).toBeVisible({ timeout: 60_000 });

    // A paying member finds it.
    const context = await browser.newContext();
    const member = waitForHydration(await context.newPage());
    const errors = watchConsole(member);
    await becomePayingMember(member, baseURL!, 'canvas');
    type Found = { id: string; nodeCount: number; integrations: string[] };
    const search = async () => {
      const found = await member.request.get('/api/catalog/automations?q=RAG%20Chatbot%20for%20Your%20Docs');
      return ((await found.json()) as { items: Found[] }).items.find((i) => i.nodeCount === working);
    };
    // Another spec's import may be publishing at the same moment: the index follows within its 15 s
    // check (decision 0011), so the search is asked until the upload shows.
    await expect.poll(search, { timeout: 20_000 }).toBeDefined();
    const item = (await search())!;
    const id = item.id;
    expect(item.integrations.length).toBeGreaterThan(5);

    // Its card shows the first five apps (in path order) as named icons, then "+N".
    await member.goto(`/dashboard?section=search&q=${encodeURIComponent(id)}`);
    const card = member.getByTestId('automation-card').first();
    const apps = card.getByRole('list', { name: 'Apps used' });
    await expect(apps.getByRole('img')).toHaveCount(5);
    expect(
      await apps.getByRole('img').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
    ).toEqual(item.integrations.slice(0, 5));
    await expect(apps.getByRole('img', { name: 'Google Drive' })).toHaveAttribute(
      'data-icon',
      'brand:googledrive',
    );
    await expect(apps.getByRole('listitem').last()).toContainText(`+${item.integrations.length - 5}`);
    const sprite = await apps.locator('svg use').first().getAttribute('href');
    expect((await member.request.get(sprite!)).headers()['content-type']).toContain('image/svg+xml');
    // The card's keyboard focus is drawn around the card, 3 px, in both schemes.
    await card.getByRole('link').first().focus();
    await member.keyboard.press('Shift+Tab');
    await member.keyboard.press('Tab');
    for (const colorScheme of ['light', 'dark'] as const) {
      await member.emulateMedia({ colorScheme });
      const outline = await card.evaluate((el) => {
        const s = getComputedStyle(el);
        return `${s.outlineStyle} ${s.outlineWidth}`;
      });
      expect(outline, colorScheme).toBe('solid 3px');
    }
    await member.emulateMedia({ colorScheme: 'light' });

    // The detail page: every working node inside the canvas after Fit View, sub-nodes included.
    const canvas = await openCanvas(member, `/automation/${encodeURIComponent(id)}`, all);
    await member.getByRole('button', { name: 'Fit View' }).click();
    const view = (await canvas.locator('.react-flow').boundingBox())!;
    const nodeBoxes = await boxes(canvas.locator('.react-flow__node-n8n'));
    expect(nodeBoxes).toHaveLength(working);
    expect(nodeBoxes.filter((b) => !inside(b, view))).toEqual([]);
    expect(await canvas.locator('[data-kind="subnode"]').count()).toBeGreaterThanOrEqual(5);
    await expect(canvas.getByText('Chat Model').first()).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'Minimap of the workflow' })).toBeVisible();

    // Sticky notes: at their own size, with their Markdown for members, behind the nodes.
    const stickies = canvas.locator('.react-flow__node-sticky');
    await expect(stickies).toHaveCount(all - working);
    await expect(stickies.getByText(STICKY_TEXT).first()).toBeVisible();
    // No edge and no node is a Tab stop; the canvas itself pans and zooms from the keyboard.
    expect(await canvas.locator('.react-flow__edge[tabindex], .react-flow__node[tabindex]').count()).toBe(0);
    const region = canvas.getByRole('region', { name: /Workflow canvas/ });
    await region.focus();
    const transform = () => canvas.locator('.react-flow__viewport').evaluate((el) => el.style.transform);
    const before = await transform();
    await member.keyboard.press('ArrowLeft');
    await expect.poll(transform).not.toBe(before);
    await member.keyboard.press('+');
    await member.keyboard.press('Tab');
    await expect(member.getByRole('button', { name: 'Zoom In' })).toBeFocused();

    // Full screen and back.
    await member.getByRole('button', { name: 'Full screen' }).click();
    const full = (await canvas.boundingBox())!;
    expect(full.width).toBe(member.viewportSize()!.width);
    await expect
      .poll(async () => (await boxes(canvas.locator('.react-flow__node-n8n'))).every((b) => inside(b, full)))
      .toBe(true);
    // Behind the nodes: where a note lies under a node, the node is what is on top (checked full screen,
    // so the page header does not cover the canvas).
    const covered = await canvas.evaluate((root) => {
      const notes = [...root.querySelectorAll('.react-flow__node-sticky')].map((n) =>
        n.getBoundingClientRect(),
      );
      let onTop = 0;
      const wrong: string[] = [];
      for (const node of root.querySelectorAll<HTMLElement>('.react-flow__node-n8n')) {
        const r = node.getBoundingClientRect();
        const [cx, cy] = [r.x + r.width / 2, r.y + r.height * 0.3];
        if (!notes.some((n) => cx > n.x && cx < n.right && cy > n.y && cy < n.bottom)) continue;
        const hit = document.elementFromPoint(cx, cy);
        if (hit?.closest('.react-flow__node-sticky')) wrong.push(node.getAttribute('data-id') ?? '?');
        else if (hit?.closest('.react-flow__node') === node) onTop++;
      }
      // A note inside a larger one (a section's frame) is drawn above it.
      let nested = 0;
      const els = [...root.querySelectorAll<HTMLElement>('.react-flow__node-sticky')];
      for (const el of els) {
        const r = el.getBoundingClientRect();
        const within = els.some((o) => {
          const q = o.getBoundingClientRect();
          return o !== el && q.x <= r.x && q.y <= r.y && q.right >= r.right && q.bottom >= r.bottom;
        });
        if (!within) continue;
        const top = document.elementFromPoint(r.x + r.width / 2, r.y + 4);
        // Nodes and the minimap may lie over a note: only notes are compared here.
        if (!top || top.closest('.react-flow__node-n8n, .react-flow__panel')) continue;
        nested++;
        if (top.closest('.react-flow__node-sticky') !== el) {
          wrong.push(`note ${el.getAttribute('data-id')} hidden by a larger note`);
        }
      }
      return { onTop, nested, wrong };
    });
    expect(covered.onTop).toBeGreaterThan(10);
    expect(covered.nested).toBeGreaterThan(5);
    expect(covered.wrong).toEqual([]);
    await member.keyboard.press('Escape');
    await expect(member.getByRole('button', { name: 'Full screen' })).toBeVisible();

    // The detail page in both schemes, for the report.
    for (const colorScheme of ['light', 'dark'] as const) {
      await member.emulateMedia({ colorScheme });
      await member.getByRole('button', { name: 'Fit View' }).click();
      await testInfo.attach(`detail page (${colorScheme})`, {
        body: await member.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    }
    expect(errors).toEqual([]);
    await context.close();

    // A visitor's page (server HTML, decision 0015): the working nodes as a drawing; notes are
    // left out there (issue 43 item 19), so neither their boxes nor their text reach a visitor.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/automation/${encodeURIComponent(id)}`);
    const drawing = visitor.getByRole('img', {
      name: new RegExp(`^Workflow canvas of .*: ${working} nodes$`),
    });
    await expect(drawing).toBeVisible();
    // The member canvas's own node shapes, drawn on the server: the same nodes, no sticky notes.
    await expect(drawing.locator('.react-flow__node-sticky')).toHaveCount(0);
    await expect(drawing.locator('.react-flow__node-n8n')).toHaveCount(working);
    await expect(drawing.locator('.react-flow__node-n8n').first()).toBeVisible();
    expect(await visitor.content()).not.toContain(STICKY_TEXT);
    await visitorContext.close();
  } finally {
    corpus.cleanup();
  }
});

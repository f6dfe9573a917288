import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AutomationDetail } from '#shared/schemas/catalog.ts';
import { stubApi as stubApiByMethod } from '#tests/support/stub-api.ts';
import { detail, workflowJson } from '#tests/support/web/automation-fixtures.ts';
import { renderApp, type TestAuth } from '#tests/support/web/render-app.tsx';
import { AutomationPage } from './automation.tsx';

/** The network boundary: answers by path and records every call. */
function stubApi(replies: Record<string, { status: number; body: unknown }>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | Request, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input.url);
      calls.push({
        method: init?.method ?? 'GET',
        path: url.pathname,
        body: init?.body ? JSON.parse(String(init.body)) : undefined,
      });
      const reply = replies[url.pathname] ?? {
        status: 404,
        body: { error: { code: 'NOT_FOUND', message: 'x' } },
      };
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderPage(auth: TestAuth) {
  return renderApp({
    path: '/automation/lead-router',
    auth,
    routes: { '/automation/:id': <AutomationPage />, '/dashboard': <p>Dashboard page</p> },
  }).router;
}

const member = { user: { id: 'u1', email: 'm@example.com' }, isSubscribed: true };
const memberReplies = (d: AutomationDetail) => ({
  '/api/catalog/automations/lead-router': { status: 200, body: d },
  '/api/catalog/automations/lead-router/by-author': { status: 200, body: { items: [] } },
  '/api/library/ratings/lead-router': {
    status: 200,
    body: { automationId: 'lead-router', stars: null, rating: 4, ratingCount: 2 },
  },
  '/api/library/events': { status: 201, body: { recorded: true } },
});

afterEach(() => vi.unstubAllGlobals());

describe('/automation/:id', () => {
  it('members see the blocks, copy the JSON with the spec toasts, and a view and copy are recorded', async () => {
    const calls = stubApi(memberReplies(detail()));
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderPage(member);
    expect(await screen.findByRole('heading', { name: 'Lead router', level: 1 })).toBeDefined();
    for (const block of [
      'How it works',
      'Template URL',
      'Resource URL',
      'How to Import & Use in n8n',
      'Set up steps',
      'Details',
    ])
      expect(screen.getByRole('heading', { name: block })).toBeDefined();
    // Each kind of activity on its own; none is called a run.
    for (const label of ['2 deploys', '1 copy', '4 downloads', '30 views'])
      expect(screen.getByText(label)).toBeDefined();
    expect(screen.queryByText(/deployments|runs/)).toBeNull();
    expect(screen.getByText('JSON Available')).toBeDefined();
    // The resource host is not on the allow-list.
    expect(screen.getByRole('alert').textContent).toContain('Invalid Resource URL');
    fireEvent.click(screen.getAllByRole('button', { name: 'Copy JSON' })[0]!);
    expect(await screen.findByText('Copied to clipboard')).toBeDefined();
    expect(screen.getByText('Workflow copied!')).toBeDefined();
    expect(JSON.parse(writeText.mock.calls[0]![0])).toEqual(workflowJson);
    // The page's counter follows at once, not after a reload (issue 43).
    expect(await screen.findByText('2 copies')).toBeDefined();
    fireEvent.click(screen.getAllByRole('button', { name: 'Download' })[0]!);
    expect(await screen.findByText('5 downloads')).toBeDefined();
    const events = calls.filter((c) => c.path === '/api/library/events').map((c) => c.body);
    expect(events).toEqual([
      { automationId: 'lead-router', kind: 'view' },
      { automationId: 'lead-router', kind: 'copy' },
      { automationId: 'lead-router', kind: 'download' },
    ]);
  });

  it('without a connected n8n, what the set-up cannot fix is said before deploying (issue 39)', async () => {
    const message =
      '“Run backup”: n8n 2.x turns the Execute Command node off by default. Your n8n’s administrator can turn it on.';
    stubApi(
      memberReplies(
        detail({
          publishBlockers: {
            release: '2.40.7',
            issues: [
              {
                code: 'node-excluded',
                nodes: ['Run backup'],
                type: 'n8n-nodes-base.executeCommand',
                message,
              },
            ],
          },
        }),
      ),
    );
    renderPage(member);
    const note = await screen.findByTestId('publish-blockers');
    expect(note.textContent).toContain('Before you deploy: n8n 2.40 will not publish this template as it is');
    expect(note.textContent).toContain(message);
  });

  it('a member saves the template to their collection from its page (issue 43)', async () => {
    let saved: unknown[] = [];
    const replies = memberReplies(detail());
    const calls = stubApiByMethod({
      ...Object.fromEntries(Object.entries(replies).map(([path, reply]) => [`GET ${path}`, reply])),
      'POST /api/library/events': replies['/api/library/events'],
      'GET /api/library/collections': () => ({ status: 200, body: { items: saved, total: saved.length } }),
      'POST /api/library/collections': () => {
        saved = [
          {
            automationId: 'lead-router',
            name: '',
            notes: '',
            createdAt: new Date().toISOString(),
            card: detail(),
          },
        ];
        return { status: 201, body: saved[0] };
      },
    });
    renderPage(member);
    fireEvent.click(await screen.findByRole('button', { name: 'Save to collection' }));
    expect(await screen.findByRole('button', { name: 'Saved to collection' })).toBeDefined();
    expect(await screen.findByText('Added to collection')).toBeDefined();
    expect(calls.find((c) => c.key === 'POST /api/library/collections')?.body).toEqual({
      automationId: 'lead-router',
    });
  });

  it("'More by' scrolls in a loop that a button pauses and resumes", async () => {
    const other = { id: 'lead-scorer', title: 'Lead scorer', category: 'Sales', difficulty: 'Beginner' };
    stubApi({
      ...memberReplies(detail()),
      '/api/catalog/automations/lead-router/by-author': { status: 200, body: { items: [other] } },
    });
    renderPage(member);
    const pause = await screen.findByRole('button', { name: 'Pause scrolling' });
    const loop = screen.getAllByRole('link', { name: /Lead scorer/ })[0]!.closest('ul')!;
    expect(loop.className).not.toContain('fv-marquee-paused');
    fireEvent.click(pause);
    expect(screen.getByRole('button', { name: 'Resume scrolling' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(loop.className).toContain('fv-marquee-paused');
    fireEvent.click(screen.getByRole('button', { name: 'Resume scrolling' }));
    expect(loop.className).not.toContain('fv-marquee-paused');
  });

  it('without usable JSON: the No JSON text, Template Only and Get Template', async () => {
    stubApi(memberReplies(detail({ deployable: false, workflowJson: null })));
    renderPage(member);
    expect(await screen.findByText('Template Only')).toBeDefined();
    expect(
      screen.getByText(
        "This automation doesn't have a downloadable JSON workflow yet. Use the template URL instead.",
        { exact: false },
      ),
    ).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Copy JSON' })).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Get Template' }).length).toBeGreaterThan(0);
  });

  it('a workflow readiness blocks: held back with its reason, never called "Template Only"', async () => {
    stubApi(memberReplies(detail({ deployable: false })));
    renderPage(member);
    expect(await screen.findByText('Not offered to copy, download or deploy')).toBeDefined();
    expect(screen.getByText('Workflow file, not deployable as it is')).toBeDefined();
    expect(screen.queryByText('Template Only')).toBeNull();
    expect(screen.queryByText(/doesn't have a downloadable JSON workflow/)).toBeNull();
    expect(screen.queryByRole('button', { name: 'Copy JSON' })).toBeNull();
  });

  it('a member rates with the stars (PUT 1–5)', async () => {
    const calls = stubApi({
      ...memberReplies(detail()),
    });
    renderPage(member);
    fireEvent.click(await screen.findByRole('button', { name: 'Rate 4 stars' }));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')).toMatchObject({
        path: '/api/library/ratings/lead-router',
        body: { stars: 4 },
      }),
    );
  });

  it("visitors and unpaid users load the server's template page, never the member API", async () => {
    // Their page is the server's paywall-safe document at the same URL (tests/server/public-catalogue.test.ts).
    for (const state of [
      { user: null },
      { user: { id: 'u2', email: 'u@example.com' }, isSubscribed: false },
    ]) {
      const calls = stubApi(memberReplies(detail()));
      const router = renderPage(state);
      expect(await screen.findByText('Loading automation details...')).toBeDefined();
      await new Promise((r) => setTimeout(r, 50));
      expect(screen.queryByRole('button', { name: 'Copy JSON' })).toBeNull();
      expect(calls).toEqual([]);
      // It waits for the document instead of sending them elsewhere in place.
      expect(router.state.location.pathname).toBe('/automation/lead-router');
      cleanup();
    }
  });

  it('shows generated steps as a list, the author notes as sanitised Markdown, quality flags and "Added"', async () => {
    stubApi(
      memberReplies(
        detail({
          howItWorks: 'When a webhook is called (POST).\nAdds a row to Google Sheets ("Log").',
          authorNotes: [
            '## Setup\nAdd your **HubSpot** key. [docs](javascript:alert(1)) <img src=x onerror="alert(2)"><script>alert(3)</script>',
          ],
          quality: {
            deployRefusal: null,
            missingNodes: ['Ghost'],
            repaired: [],
            duplicateNames: [],
            communityNodes: ['n8n-nodes-mcp.mcpClientTool'],
            incompleteWiring: true,
          },
          deployable: false,
        }),
      ),
    );
    renderPage(member);
    const steps = await screen.findByRole('heading', { name: 'How it works' });
    const items = [...steps.parentElement!.querySelectorAll('ol > li')].map((li) => li.textContent);
    expect(items).toEqual(['When a webhook is called (POST).', 'Adds a row to Google Sheets ("Log").']);
    const notes = screen.getByRole('heading', { name: "Author's notes" }).parentElement!;
    expect(notes.querySelector('h2 + p + div h2')?.textContent).toBe('Setup');
    expect(notes.querySelector('strong')?.textContent).toBe('HubSpot');
    // Raw HTML stays text; no script, no event handler, no javascript: link.
    expect(notes.querySelector('script, img[onerror], [onerror]')).toBeNull();
    expect(notes.querySelector('a')?.getAttribute('href') ?? '').not.toMatch(/^javascript:/i);
    expect(notes.innerHTML).not.toMatch(/<script/);
    // Never the description.
    expect(screen.getByRole('heading', { name: 'Description' }).parentElement!.textContent).not.toContain(
      'HubSpot key',
    );
    const flags = screen.getByRole('region', { name: 'Before you use it' }).textContent;
    expect(flags).toContain('Incomplete wiring: connections name nodes that are not in the file (Ghost).');
    expect(flags).toContain('Needs community node n8n-nodes-mcp.mcpClientTool');
    expect(screen.getByText('Added')).toBeDefined();
    expect(screen.queryByText('Created')).toBeNull();
    expect(screen.getByText('Grace Hopper')).toBeDefined();
  });

  it('the catch-all "Community" author is not shown and gets no "More by" block', async () => {
    const other = { id: 'lead-scorer', title: 'Lead scorer', category: 'Sales', difficulty: 'Beginner' };
    stubApi({
      ...memberReplies(detail({ author: 'Community' })),
      '/api/catalog/automations/lead-router/by-author': { status: 200, body: { items: [other] } },
    });
    renderPage(member);
    await screen.findByRole('heading', { name: 'Details' });
    expect(screen.queryByText('Author')).toBeNull();
    expect(screen.queryByRole('heading', { name: /More by/ })).toBeNull();
  });

  it('not found → /dashboard', async () => {
    stubApi({});
    const router = renderPage(member);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});

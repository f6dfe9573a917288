import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type StubCall, stubApi } from '#tests/support/stub-api.ts';
import { renderApp } from '#tests/support/web/render-app.tsx';
import { AuditPage } from './audit-page.tsx';
import { CatalogAdminPage } from './catalog-page.tsx';
import { DebugAuthPage } from './debug-auth-page.tsx';
import { UsersPage } from './users-page.tsx';

let calls: StubCall[] = [];

afterEach(() => vi.unstubAllGlobals());

function renderAsAdmin(page: ReactNode) {
  renderApp({ path: '/admin', auth: 'admin', routes: { '*': page } });
}

const item = {
  id: 'webhook-only',
  title: 'Webhook only',
  description: 'Receives a webhook.',
  category: 'Data Processing',
  tags: [],
  videoUrl: null,
  source: 'vault',
  published: true,
  deployable: false,
  notDeployableReason: 'Only 1 node(s): a deployable workflow needs more than 3.',
  nodeCount: 1,
  updatedAt: '2026-03-01T12:00:00.000Z',
};

describe('operator console pages', () => {
  it('catalogue: lists items with the not-deployable reason and unpublishes one', async () => {
    calls = stubApi({
      'GET /api/admin/catalog/imports': { status: 200, body: [] },
      'GET /api/admin/catalog/items': {
        status: 200,
        body: { items: [item], page: 1, pageSize: 50, total: 1 },
      },
      'PUT /api/admin/catalog/items/webhook-only/published': {
        status: 200,
        body: { success: true, published: false },
      },
    });
    renderAsAdmin(<CatalogAdminPage />);
    expect(
      await screen.findByText('Not deployable: Only 1 node(s): a deployable workflow needs more than 3.'),
    ).toBeTruthy();
    expect(screen.getByText('No import yet.').textContent).toBe('No import yet.');
    expect((screen.getByRole('button', { name: 'Upload and import' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Unpublish Webhook only' }));
    // Asked once more: nothing is sent before the operator confirms.
    expect(calls.some((c) => c.key.startsWith('PUT '))).toBe(false);
    const confirm = screen.getByRole('alertdialog', { name: 'Unpublish Webhook only?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Yes, unpublish' }));
    await waitFor(() =>
      expect(
        calls.find((c) => c.key === 'PUT /api/admin/catalog/items/webhook-only/published')?.body,
      ).toEqual({
        published: false,
      }),
    );
  });

  it("catalogue: the import history keeps each import's skipped files and reasons, command-line ones too", async () => {
    stubApi({
      'GET /api/admin/catalog/imports': {
        status: 200,
        body: [
          {
            id: 'i1',
            actorEmail: 'command line (npm run catalog:import)',
            fileName: 'library',
            status: 'done',
            done: 3,
            total: 3,
            summary: {
              filesHandled: 3,
              imported: 2,
              updated: 0,
              unchanged: 0,
              skipped: [{ path: 'broken.json', reason: 'Not an n8n workflow: the file is not valid JSON' }],
              flagged: [],
              templateOnly: 0,
              total: 2,
              durationMs: 120,
            },
            error: null,
            createdAt: '2026-03-01T12:00:00.000Z',
            finishedAt: '2026-03-01T12:00:01.000Z',
          },
        ],
      },
      'GET /api/admin/catalog/items': { status: 200, body: { items: [], page: 1, pageSize: 50, total: 0 } },
    });
    renderAsAdmin(<CatalogAdminPage />);
    const history = await screen.findByRole('region', { name: 'Import history' });
    await waitFor(() => expect(history.textContent).toContain('command line (npm run catalog:import)'));
    fireEvent.click(within(history).getByText('Skipped files and why (1)'));
    expect(within(history).getByText(/the file is not valid JSON/)).toBeTruthy();
  });

  it('catalogue: after a reload, a running import is followed from its stream to its summary', async () => {
    const sources: { url: string; listeners: Map<string, (e: MessageEvent) => void> }[] = [];
    vi.stubGlobal(
      'EventSource',
      class {
        listeners = new Map<string, (e: MessageEvent) => void>();
        url: string;
        constructor(url: string) {
          this.url = url;
          sources.push(this);
        }
        addEventListener(type: string, listener: (e: MessageEvent) => void) {
          this.listeners.set(type, listener);
        }
        close() {}
      },
    );
    const running = {
      id: 'i2',
      actorEmail: 'ops@example.com',
      fileName: 'library.zip',
      status: 'running',
      done: 2,
      total: 10,
      summary: null,
      error: null,
      createdAt: '2026-03-01T12:00:00.000Z',
      finishedAt: null,
    };
    stubApi({
      'GET /api/admin/catalog/imports': { status: 200, body: [running] },
      'GET /api/admin/catalog/items': { status: 200, body: { items: [], page: 1, pageSize: 50, total: 0 } },
    });
    renderAsAdmin(<CatalogAdminPage />);
    await screen.findByText(/importing 2 of 10 files/);
    // The page's other stream is the operator's /api/events (the "Verify on n8n" panel).
    const imports = sources.filter((s) => s.url.startsWith('/api/admin/catalog/imports'));
    expect(imports.map((s) => s.url)).toEqual(['/api/admin/catalog/imports/i2/events']);
    const send = (row: object) =>
      act(() => imports[0]!.listeners.get('progress')!({ data: JSON.stringify(row) } as MessageEvent));
    send({ ...running, done: 6 });
    expect(screen.getByText(/importing 6 of 10 files/)).toBeTruthy();
    const summary = {
      filesHandled: 10,
      imported: 9,
      updated: 0,
      unchanged: 0,
      skipped: [{ path: 'broken.json', reason: 'invalid JSON' }],
      flagged: [],
      templateOnly: 0,
      total: 9,
      durationMs: 900,
    };
    send({ ...running, status: 'done', done: 10, summary, finishedAt: '2026-03-01T12:00:01.000Z' });
    expect(screen.getByText(/import finished/)).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Import summary' }).textContent).toContain('Imported9');
  });

  it('audit log: shows who, what, target and reason', async () => {
    calls = stubApi({
      'GET /api/admin/audit': {
        status: 200,
        body: {
          entries: [
            {
              id: 'e1',
              actorEmail: 'ops@example.com',
              action: 'user.grant-access',
              target: 'u9',
              targetEmail: 'member9@example.com',
              reason: 'Beta tester',
              detail: null,
              createdAt: '2026-03-01T12:00:00.000Z',
            },
          ],
          page: 1,
          pageSize: 50,
          total: 1,
        },
      },
    });
    renderAsAdmin(<AuditPage />);
    const row = (await screen.findByText('user.grant-access')).closest('tr')!;
    expect(row.textContent).toContain('ops@example.com');
    // The target is named by its email, not its id.
    expect(row.textContent).toContain('member9@example.com');
    expect(row.textContent).not.toContain('u9');
    expect(row.textContent).toContain('Beta tester');
    expect(screen.getByText('1 action(s) · page 1 of 1').textContent).toBe('1 action(s) · page 1 of 1');
  });

  it('audit log: a spinner while it loads, then the load error read out', async () => {
    calls = stubApi({
      'GET /api/admin/audit': {
        status: 503,
        body: { error: { code: 'unavailable', message: 'The audit log is not reachable.' } },
      },
    });
    renderAsAdmin(<AuditPage />);
    expect((await screen.findByText('Loading the audit log...')).closest('[role="status"]')).not.toBeNull();
    expect((await screen.findByRole('alert')).textContent).toBe('The audit log is not reachable.');
    expect(screen.queryByText('Loading the audit log...')).toBeNull();
  });

  it('auth diagnostics: nothing prefilled; the test-login tries only the operator’s own account', async () => {
    calls = stubApi({
      'POST /api/admin/test-login': { status: 200, body: { email: 'ops@example.com', success: true } },
    });
    renderAsAdmin(<DebugAuthPage />);
    for (const input of document.querySelectorAll('input')) expect(input.value).toBe('');
    expect(screen.queryByLabelText(/new password/i)).toBeNull();
    expect(screen.getByText(/Checks the password of ops@example.com/).textContent).toContain(
      'ops@example.com',
    );
    fireEvent.change(screen.getByLabelText('Your password'), { target: { value: 'secret pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test login' }));
    expect(await screen.findByText('Login Successful')).toBeTruthy();
    expect(calls.find((c) => c.key === 'POST /api/admin/test-login')?.body).toEqual({
      password: 'secret pass',
    });
  });

  it('users: access and ban need a reason; the reason is sent with the grant', async () => {
    calls = stubApi({
      'GET /api/admin/users': {
        status: 200,
        body: [
          {
            id: 'u9',
            email: 'buyer@example.com',
            name: '',
            role: 'user',
            emailVerified: true,
            banned: false,
            hasPaid: false,
            subscriptionStatus: null,
            createdAt: '2026-03-01T12:00:00.000Z',
            activeSessions: 1,
          },
        ],
      },
      'POST /api/admin/users/u9/access': { status: 200, body: { success: true, changed: true } },
    });
    renderAsAdmin(<UsersPage />);
    const grant = (await screen.findByRole('button', { name: 'Grant lifetime access' })) as HTMLButtonElement;
    expect(grant.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Ban' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Reason (required to grant, revoke, ban or refund)'), {
      target: { value: 'Beta tester thank-you' },
    });
    expect(grant.disabled).toBe(false);
    fireEvent.click(grant);
    await waitFor(() =>
      expect(calls.find((c) => c.key === 'POST /api/admin/users/u9/access')?.body).toEqual({
        action: 'grant',
        reason: 'Beta tester thank-you',
      }),
    );
  });
});

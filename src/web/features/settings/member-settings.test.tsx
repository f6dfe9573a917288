import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '#tests/support/web/render-app.tsx';
import { NotificationSettingsPanel } from './notification-settings.tsx';
import { importSummary, PrivacySettings } from './privacy-settings.tsx';

type Reply = { status: number; body: unknown };

function stubFetch(replies: Record<string, Reply | ((body: string) => Reply)>) {
  const calls: { key: string; body: string | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string | URL | Request, init?: RequestInit) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const key = `${method.toUpperCase()} ${url.pathname}`;
      const body = init?.body ? String(init.body) : undefined;
      calls.push({ key, body });
      const found = replies[key];
      if (!found) throw new Error(`unexpected call ${key}`);
      const reply = typeof found === 'function' ? found(body ?? '') : found;
      return new Response(JSON.stringify(reply.body), {
        status: reply.status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

function renderWithProviders(element: React.ReactNode) {
  renderApp({ auth: 'member', routes: { '/': element } });
}

afterEach(() => vi.unstubAllGlobals());

describe('Settings → Notifications', () => {
  it('shows the three toggles from the server and saves them with Save Preferences', async () => {
    const calls = stubFetch({
      'GET /api/library/settings/notifications': {
        status: 200,
        body: { emailNotifications: true, automationAlerts: true, weeklyReports: false },
      },
      'PUT /api/library/settings/notifications': (body) => ({ status: 200, body: JSON.parse(body) }),
    });
    renderWithProviders(<NotificationSettingsPanel />);
    const weekly = await screen.findByRole('switch', { name: 'Weekly Reports' });
    await waitFor(() => expect(weekly.getAttribute('aria-checked')).toBe('false'));
    expect(screen.getByRole('switch', { name: 'Email Notifications' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByRole('switch', { name: 'Automation Alerts' }).getAttribute('aria-checked')).toBe(
      'true',
    );
    expect(screen.getByText('Get notified when automations fail.')).toBeDefined();
    fireEvent.click(weekly);
    expect(weekly.getAttribute('aria-checked')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText('Notifications Updated')).toBeDefined();
    const put = calls.find((c) => c.key === 'PUT /api/library/settings/notifications')!;
    expect(JSON.parse(put.body!)).toEqual({
      emailNotifications: true,
      automationAlerts: true,
      weeklyReports: true,
    });
  });
});

describe('Privacy & Data → Import Data', () => {
  const choose = (text: string) => {
    const input = document.querySelector('input[type=file]') as HTMLInputElement;
    const file = new File([text], 'export.json', { type: 'application/json' });
    fireEvent.change(input, { target: { files: [file] } });
  };

  it('sends the file as it is and reports what was restored and skipped', async () => {
    const calls = stubFetch({
      'POST /api/library/import': {
        status: 200,
        body: { collectionsImported: 2, collectionsUpdated: 1, skipped: ['gone'], settingsRestored: true },
      },
    });
    renderWithProviders(<PrivacySettings />);
    expect(screen.getByRole('heading', { name: 'Import Data' })).toBeDefined();
    choose('{"collections":[]}');
    expect(await screen.findByText('Data Imported')).toBeDefined();
    expect(
      screen.getByText(
        '2 saved automations added, 1 updated, settings restored. Skipped (not in the library): gone.',
      ),
    ).toBeDefined();
    expect(calls[0]).toEqual({ key: 'POST /api/library/import', body: '{"collections":[]}' });
  });

  it('shows the server’s message when the file is refused', async () => {
    stubFetch({
      'POST /api/library/import': {
        status: 400,
        body: {
          error: {
            code: 'BAD_REQUEST',
            message: 'This file is not valid JSON. Choose the file that Export Data downloaded.',
          },
        },
      },
    });
    renderWithProviders(<PrivacySettings />);
    choose('not json');
    expect(await screen.findByText('Import Failed')).toBeDefined();
    expect(
      screen.getByText('This file is not valid JSON. Choose the file that Export Data downloaded.'),
    ).toBeDefined();
  });

  it('summarises long skip lists', () => {
    expect(
      importSummary({
        collectionsImported: 1,
        collectionsUpdated: 0,
        skipped: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
        settingsRestored: false,
      }),
    ).toBe('1 saved automation added, 0 updated. Skipped (not in the library): a, b, c, d, e and 2 more.');
  });
});

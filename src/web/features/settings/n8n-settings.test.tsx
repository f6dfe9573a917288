import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#tests/support/stub-api.ts';
import { connection, renderWith } from '#tests/support/web/n8n-fixtures.tsx';
import { N8nSettings } from './n8n-settings.tsx';

function renderPanel() {
  renderWith(<N8nSettings />);
}

afterEach(() => vi.unstubAllGlobals());

const saved = {
  ...connection,
  lastTestMessage: 'Connected: 3 workflows',
  lastTestedAt: '2026-03-01T12:00:00.000Z',
};

describe('Settings → N8N Integration', () => {
  it('disables Test Connection and Save Settings without both URL and key', async () => {
    stubApi({ 'GET /api/n8n/connections': { status: 200, body: { items: [] } } });
    renderPanel();
    const test = screen.getByRole('button', { name: 'Test Connection' });
    const save = screen.getByRole('button', { name: 'Save Settings' });
    expect(test).toHaveProperty('disabled', true);
    expect(save).toHaveProperty('disabled', true);
    expect(screen.getByText('Please enter both Instance URL and API Key')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText('Not Configured')).toBeInstanceOf(HTMLElement);
    fireEvent.change(screen.getByLabelText('Instance URL'), {
      target: { value: 'https://n8n.example.com/' },
    });
    expect(test).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('API Key'), { target: { value: 'n8n_api_123456789' } });
    expect(test).toHaveProperty('disabled', false);
    expect(save).toHaveProperty('disabled', false);
    expect(screen.getByText('Disconnected')).toBeInstanceOf(HTMLElement);
    expect(await screen.findByText(/No instance yet/)).toBeInstanceOf(HTMLElement);
  });

  it("shows 'Connection Failed' with the server's message on a failed test", async () => {
    const calls = stubApi({
      'GET /api/n8n/connections': { status: 200, body: { items: [] } },
      'POST /api/n8n/test': {
        status: 200,
        body: { ok: false, status: 'disconnected', message: 'Connection failed: 401 Unauthorized. nope' },
      },
    });
    renderPanel();
    fireEvent.change(screen.getByLabelText('Instance URL'), { target: { value: 'https://n8n.example.com' } });
    fireEvent.change(screen.getByLabelText('API Key'), { target: { value: 'n8n_api_123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText('Connection Failed')).toBeInstanceOf(HTMLElement);
    expect((await screen.findAllByText('Connection failed: 401 Unauthorized. nope')).length).toBeGreaterThan(
      0,
    );
    expect(calls.find((c) => c.key === 'POST /api/n8n/test')?.body).toEqual({
      instanceUrl: 'https://n8n.example.com',
      apiKey: 'n8n_api_123456789',
    });
  });

  it("shows 'Connection Error' when the test call itself fails", async () => {
    stubApi({
      'GET /api/n8n/connections': { status: 200, body: { items: [] } },
      'POST /api/n8n/test': new TypeError('Failed to fetch'),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderPanel();
    fireEvent.change(screen.getByLabelText('Instance URL'), { target: { value: 'https://n8n.example.com' } });
    fireEvent.change(screen.getByLabelText('API Key'), { target: { value: 'n8n_api_123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText('Connection Error')).toBeInstanceOf(HTMLElement);
    expect(
      await screen.findByText('An unexpected error occurred while testing the connection'),
    ).toBeInstanceOf(HTMLElement);
  });

  it("lists saved instances, saves with 'N8N Settings Updated' and shows the new one Connected at once (issue 43)", async () => {
    const staging = {
      ...saved,
      id: '7b1f0c1e-6b0a-4d5e-9b55-2f3f7a0d9a11',
      name: 'Staging',
      instanceUrl: 'https://staging.example.com',
      isDefault: false,
      status: 'disconnected',
      lastTestMessage: null,
    };
    const tested = {
      ...staging,
      status: 'connected',
      lastTestMessage: 'Connected: 5 workflows',
      workflowCount: 5,
    };
    let items: unknown[] = [saved];
    const calls = stubApi({
      'GET /api/n8n/connections': () => ({ status: 200, body: { items } }),
      'POST /api/n8n/test': {
        status: 200,
        body: {
          ok: true,
          status: 'connected',
          workflowCount: 5,
          countComplete: true,
          message: 'Connected: 5 workflows',
        },
      },
      // The server stores a new connection untested, as "disconnected".
      'POST /api/n8n/connections': () => {
        items = [saved, staging];
        return { status: 201, body: staging };
      },
      [`POST /api/n8n/connections/${staging.id}/test`]: () => {
        items = [saved, tested];
        return {
          status: 200,
          body: {
            result: {
              ok: true,
              status: 'connected',
              workflowCount: 5,
              countComplete: true,
              message: 'Connected: 5 workflows',
            },
            connection: tested,
          },
        };
      },
    });
    renderPanel();
    expect(await screen.findByText('Default')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText(/••••9f2c/)).toBeInstanceOf(HTMLElement);
    fireEvent.change(screen.getByLabelText('Instance URL'), {
      target: { value: 'https://staging.example.com' },
    });
    fireEvent.change(screen.getByLabelText('API Key'), { target: { value: 'n8n_api_987654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(await screen.findByText('Connected')).toBeInstanceOf(HTMLElement);
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('N8N Settings Updated')).toBeInstanceOf(HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/n8n/connections')).toBe(true));
    // The list and the form's badge say Connected, not Disconnected until another Test.
    const row = (await screen.findByText('https://staging.example.com', { exact: false })).closest('li')!;
    await waitFor(() => expect(row.textContent).toContain('Connected'));
    expect(row.textContent).not.toContain('Disconnected');
    expect(screen.queryByText('Disconnected')).toBeNull();
  });
});

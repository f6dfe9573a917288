import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#tests/support/stub-api.ts';
import { connection, renderWith } from '#web/features/n8n/n8n-fixtures.tsx';
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

  it("lists saved instances with the default marker and saves with 'N8N Settings Updated'", async () => {
    const calls = stubApi({
      'GET /api/n8n/connections': { status: 200, body: { items: [saved] } },
      'POST /api/n8n/connections': {
        status: 201,
        body: {
          ...saved,
          id: '7b1f0c1e-6b0a-4d5e-9b55-2f3f7a0d9a11',
          name: 'Staging',
          isDefault: false,
          status: 'disconnected',
        },
      },
    });
    renderPanel();
    expect(await screen.findByText('Default')).toBeInstanceOf(HTMLElement);
    expect(screen.getByText(/••••9f2c/)).toBeInstanceOf(HTMLElement);
    fireEvent.change(screen.getByLabelText('Instance URL'), {
      target: { value: 'https://staging.example.com' },
    });
    fireEvent.change(screen.getByLabelText('API Key'), { target: { value: 'n8n_api_987654321' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText('N8N Settings Updated')).toBeInstanceOf(HTMLElement);
    await waitFor(() => expect(calls.some((c) => c.key === 'POST /api/n8n/connections')).toBe(true));
  });
});

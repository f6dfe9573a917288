import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '#tests/support/web/render-app.tsx';
import { N8nSettings } from './n8n-settings.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('n8n Test Connection', () => {
  it("shows the server's own reason when it refuses the test (422), not 'An unexpected error occurred'", async () => {
    renderApp({
      api: {
        'GET /api/n8n/connections': { status: 200, body: { items: [] } },
        'POST /api/n8n/test': {
          status: 422,
          body: {
            error: {
              code: 'VALIDATION_FAILED',
              message: 'Some fields are not valid.',
              requestId: 'r1',
              fields: { instanceUrl: ['The n8n instance URL must start with https://'] },
            },
          },
        },
      },
      routes: { '/': <N8nSettings /> },
    });
    fireEvent.change(await screen.findByLabelText('Instance URL'), {
      target: { value: 'http://n8n.example.com' },
    });
    fireEvent.change(screen.getByLabelText('API Key'), { target: { value: 'n8n_api_123456789' } });
    fireEvent.click(screen.getByRole('button', { name: 'Test Connection' }));
    expect(
      (await screen.findAllByText('The n8n instance URL must start with https://')).length,
    ).toBeGreaterThan(0);
    expect(screen.queryByText('An unexpected error occurred while testing the connection')).toBeNull();
    // Not only a toast that fades: the reason stays under the field, which is marked invalid (issue 43).
    const url = screen.getByLabelText('Instance URL');
    expect(url.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(url.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'The n8n instance URL must start with https://',
    );
    fireEvent.change(url, { target: { value: 'https://n8n.example.com' } });
    expect(url.getAttribute('aria-invalid')).toBeNull();
  });
});

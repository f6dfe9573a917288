import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#tests/support/stub-api.ts';
import { connection, renderWith } from '#tests/support/web/n8n-fixtures.tsx';
import { DeployCollectionButton } from './deploy-collection.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('Deploy collection', () => {
  it('deploys each deployable saved automation with a live list and skips template-only ones', async () => {
    const card = (id: string, title: string, deployable: boolean) => ({
      automationId: id,
      name: '',
      notes: '',
      createdAt: '2026-03-01T12:00:00.000Z',
      card: { id, title, deployable },
    });
    const calls = stubApi({
      'GET /api/library/collections': {
        status: 200,
        body: { items: [card('a1', 'Daily digest', true), card('a2', 'Template only', false)], total: 2 },
      },
      'GET /api/n8n/connections': { status: 200, body: { items: [connection] } },
      'POST /api/n8n/deploy': {
        status: 200,
        body: { ok: true, workflowUrl: 'https://n8n.example.com/workflow/W1', deployment: {}, preflight: {} },
      },
    });
    renderWith(<DeployCollectionButton />);
    expect(await screen.findByText('1 template-only item will be skipped')).toBeDefined();
    const button = screen.getByRole('button', { name: /Deploy collection to n8n/ });
    await vi.waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByText('Deployed')).toBeDefined();
    expect(screen.getByText('1 / 1 done')).toBeDefined();
    expect(calls.filter((c) => c.key === 'POST /api/n8n/deploy')).toHaveLength(1);
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IDLE_VERIFICATION, type VerificationProgress } from '#shared/schemas/verification.ts';
import { FakeEventSource } from '#tests/support/fake-event-source.ts';
import { renderApp } from '#tests/support/web/render-app.tsx';
import { VerificationPanel } from './verification-panel.tsx';

afterEach(() => vi.unstubAllGlobals());

const running: VerificationProgress = {
  ...IDLE_VERIFICATION,
  state: 'running',
  connectionId: 'c1',
  n8nVersion: '1.123.0',
  done: 3,
  total: 10,
  accepted: 3,
  activated: 1,
  ran: 1,
  startedAt: '2026-11-26T07:00:00.000Z',
};

describe('Verify on n8n panel', () => {
  it('reads the state once the stream is open, then follows its events without polling', async () => {
    vi.stubGlobal('EventSource', FakeEventSource);
    let answer = IDLE_VERIFICATION;
    const { calls } = renderApp({
      api: {
        'GET /api/n8n/connections': {
          status: 200,
          body: { items: [{ id: 'c1', name: 'Home', instanceUrl: 'https://n8n.example.com' }] },
        },
        'GET /api/admin/n8n-verification': () => ({ status: 200, body: answer }),
      },
      routes: { '/': <VerificationPanel /> },
    });
    const reads = () => calls.filter((c) => c.key === 'GET /api/admin/n8n-verification').length;
    const first = FakeEventSource.last!;
    expect(first.url).toBe('/api/events');
    await screen.findByRole('button', { name: 'Verify all templates' });
    expect(reads()).toBe(0); // not before the stream hears the bus
    first.open();
    await waitFor(() => expect(reads()).toBe(1));

    first.emit('verification', running);
    expect(await screen.findByText(/Verifying on n8n 1\.123\.0: 3\/10 checked/)).toBeTruthy();
    expect((screen.getByLabelText('Verification progress') as HTMLProgressElement).value).toBe(3);
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();

    // The stream drops while the run ends: nothing is polled meanwhile (the old panel read every
    // second), and the reopened stream reads the state once, which shows the end.
    answer = { ...running, state: 'done', done: 10, accepted: 10, finishedAt: '2026-11-26T07:01:00.000Z' };
    act(() => first.onerror!(new Event('error')));
    await waitFor(() => expect(FakeEventSource.last).not.toBe(first), { timeout: 3_000 });
    expect(reads()).toBe(1);
    FakeEventSource.last!.open();
    expect(await screen.findByText(/Done on n8n 1\.123\.0: 10\/10 checked/)).toBeTruthy();
    expect(reads()).toBe(2);

    // The account changed (the role may be gone): the server sends this stream no more operator
    // events, so the panel opens a new one, which reads the state once more.
    const second = FakeEventSource.last!;
    second.emit('account', {});
    expect(FakeEventSource.last).not.toBe(second);
    FakeEventSource.last!.open();
    await waitFor(() => expect(reads()).toBe(3));
  });
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#tests/support/stub-api.ts';
import { emptyRuns, renderWith, run } from '#tests/support/web/n8n-fixtures.tsx';
import { DataProcessingSection, pipelineEta } from './data-processing-section.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('Data Processing', () => {
  it('shows executions as pipelines with status, progress, ETA and honest unreported figures', async () => {
    stubApi({
      'GET /api/n8n/runs': {
        status: 200,
        body: {
          ...emptyRuns,
          runs: [
            run({ id: 'c:1', items: { processed: 3, total: 5 } }),
            run({ id: 'c:2', status: 'failed', n8nStatus: 'error', automationName: 'Broken sync' }),
          ],
          totals: { ...emptyRuns.totals, totalRuns: 2, successfulRuns: 1, failedRuns: 1, successRate: 50 },
        },
      },
    });
    renderWith(<DataProcessingSection />);
    expect(await screen.findByText('Daily digest')).toBeDefined();
    expect(screen.getAllByText('Completed').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Failed').length).toBeGreaterThan(1);
    expect(screen.getByText('50%')).toBeDefined();
    expect(screen.getAllByText('5 min ago')).toHaveLength(2);
    expect(screen.getByText('Processed 3 / 5')).toBeDefined();
    expect(screen.getAllByText('Not reported by your n8n instance')).toHaveLength(1);
    expect(screen.getByText('0 waiting')).toBeDefined();
  });

  it('shows the empty state texts', async () => {
    stubApi({ 'GET /api/n8n/runs': { status: 200, body: emptyRuns } });
    renderWith(<DataProcessingSection />);
    expect(await screen.findByText('No data processing activity')).toBeDefined();
    expect(screen.getByText('Run some automations to see processing data here')).toBeDefined();
  });

  it('says how to connect n8n when no instance is connected', async () => {
    stubApi({
      'GET /api/n8n/runs': { status: 200, body: emptyRuns },
      'GET /api/n8n/connections': { status: 200, body: { items: [] } },
    });
    renderWith(<DataProcessingSection />);
    expect(await screen.findByRole('link', { name: 'Open N8N Integration settings' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toContain(
      'N8N instance URL and API key are required. Please configure them in Settings.',
    );
  });

  it('ETA: Completed, Failed, Scheduled, or measured from the workflow’s past durations', () => {
    const now = Date.parse('2026-01-01T10:01:00.000Z');
    const avg = { 'https://n8n.example.com W1': 3 * 60_000 };
    expect(pipelineEta(run({}), avg, now)).toBe('Completed');
    expect(pipelineEta(run({ status: 'failed', n8nStatus: 'error' }), avg, now)).toBe('Failed');
    expect(pipelineEta(run({ status: 'running', n8nStatus: 'waiting' }), avg, now)).toBe('Scheduled');
    expect(pipelineEta(run({ status: 'other', n8nStatus: 'unknown' }), avg, now)).toBe('Scheduled');
    const running = run({ status: 'running', n8nStatus: 'running', startedAt: '2026-01-01T10:00:00.000Z' });
    expect(pipelineEta(running, avg, now)).toBe('About 2m left');
    expect(pipelineEta(running, {}, now)).toBe('No past runs to estimate from');
  });
});

import { describe, expect, it } from 'vitest';
import type { N8nConnectionView } from '#shared/schemas/n8n.ts';
import { badgeLabel } from './n8n-badge.tsx';

const base: N8nConnectionView = {
  id: 'c1',
  name: 'Production',
  instanceUrl: 'https://n8n.example.com',
  apiKeyMasked: '••••9f2c',
  webhookUrl: null,
  isDefault: true,
  status: 'disconnected',
  lastTestMessage: null,
  lastTestedAt: null,
  workflowCount: null,
  createdAt: '2026-03-01T12:00:00.000Z',
  updatedAt: '2026-03-01T12:00:00.000Z',
};

describe('n8n header badge', () => {
  it('reads the spec texts from the default instance state', () => {
    expect(badgeLabel([]).label).toBe('Not Configured');
    expect(badgeLabel(undefined).label).toBe('Not Configured');
    expect(badgeLabel([{ ...base, status: 'testing' }]).label).toBe('Testing...');
    expect(badgeLabel([{ ...base, status: 'connected' }]).label).toBe('Connected');
    expect(badgeLabel([{ ...base, status: 'disconnected' }]).label).toBe('Disconnected');
    const other = { ...base, id: 'c2', isDefault: false, status: 'connected' as const };
    expect(badgeLabel([other, { ...base, status: 'disconnected' }]).label).toBe('Disconnected');
  });
});

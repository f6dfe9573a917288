import { describe, expect, it } from 'vitest';
import { N8N_TABLE_RELEASES, n8nNode, n8nOperation, n8nRelease } from './n8n-nodes.ts';

// The generated table is what deploy, summaries and search read n8n's own words from: these are the
// facts they rely on, checked against what n8n's packages publish.
describe('n8n node table', () => {
  it('covers a 1.x and a 2.x release', () => {
    expect(N8N_TABLE_RELEASES.some((v) => v.startsWith('1.'))).toBe(true);
    expect(N8N_TABLE_RELEASES.some((v) => v.startsWith('2.'))).toBe(true);
  });

  it("names operations in n8n's own action words", () => {
    expect(n8nOperation('n8n-nodes-base.telegram', 'message', 'sendMessage')?.[3]).toBe(
      'Send a text message',
    );
    expect(n8nOperation('n8n-nodes-base.gmail', 'message', 'send')?.[3]).toBe('Send a message');
    expect(n8nNode('n8n-nodes-base.scheduleTrigger')?.aliases).toContain('Cron');
    expect(n8nNode('n8n-nodes-base.gmailTrigger')?.trigger).toBe(true);
  });

  it('knows what 2.x removed and excludes by default', () => {
    const v2 = N8N_TABLE_RELEASES.find((v) => v.startsWith('2.')) as string;
    const v1 = N8N_TABLE_RELEASES.find((v) => v.startsWith('1.')) as string;
    const start = n8nNode('n8n-nodes-base.start');
    expect(start?.versions[v1]).toBeDefined();
    expect(start?.versions[v2]).toBeUndefined();
    expect(n8nRelease(v2)?.excludedByDefault).toEqual(
      expect.arrayContaining(['n8n-nodes-base.executeCommand', 'n8n-nodes-base.localFileTrigger']),
    );
    expect(n8nNode('constructor')).toBeUndefined();
  });
});

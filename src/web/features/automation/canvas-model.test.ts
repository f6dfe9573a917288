import { describe, expect, it } from 'vitest';
import { canvasFromWorkflow, nodeTypeLabel } from './canvas-model.ts';

describe('the canvas model', () => {
  it('keeps the workflow’s own positions and main connections, dropping links to missing nodes', () => {
    const model = canvasFromWorkflow({
      nodes: [
        { name: 'Webhook', type: 'n8n-nodes-base.webhook', position: [100, 200], parameters: { path: 'in' } },
        { name: 'Sheets', type: 'n8n-nodes-base.googleSheets', position: [300, 200] },
        {
          name: 'Note',
          type: 'n8n-nodes-base.stickyNote',
          position: [0, 0],
          parameters: { content: 'Read me' },
        },
      ],
      connections: {
        Webhook: { main: [[{ node: 'Sheets', type: 'main', index: 0 }, { node: 'Gone' }]] },
        Ghost: { main: [[{ node: 'Sheets' }]] },
      },
    });
    expect(model.nodes.map((n) => [n.name, n.position])).toEqual([
      ['Webhook', [100, 200]],
      ['Sheets', [300, 200]],
      ['Note', [0, 0]],
    ]);
    expect(model.nodes[0]!.parameters).toEqual({ path: 'in' });
    expect(model.nodes[2]!.note).toBe('Read me');
    expect(model.connections).toEqual([{ from: 'Webhook', to: 'Sheets' }]);
    expect(canvasFromWorkflow(null)).toEqual({ nodes: [], connections: [] });
  });

  it('labels node types readably', () => {
    expect(nodeTypeLabel('n8n-nodes-base.googleSheets')).toBe('Google Sheets');
    expect(nodeTypeLabel('n8n-nodes-base.telegramTrigger')).toBe('Telegram Trigger');
    expect(nodeTypeLabel('@n8n/n8n-nodes-langchain.agent')).toBe('Agent');
  });
});

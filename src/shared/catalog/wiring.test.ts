import { describe, expect, it } from 'vitest';
import { isDeployableWith, qualityOf } from './derive-automation.ts';
import { checkWiring, communityNodeTypes, repairWiring } from './wiring.ts';
import type { WorkflowJson } from './workflow-types.ts';

const node = (name: string, type = 'n8n-nodes-base.set') => ({ name, type, position: [0, 0] });
const link = (to: string) => ({ node: to, type: 'main', index: 0 });

/** A crafted workflow: trigger → Fetch → Post, with the connections as given. */
const crafted = (
  connections: Record<string, unknown>,
  extra: ReturnType<typeof node>[] = [],
): WorkflowJson => ({
  nodes: [
    node('Schedule', 'n8n-nodes-base.scheduleTrigger'),
    node('Fetch Rows', 'n8n-nodes-base.googleSheets'),
    node('Post Message', 'n8n-nodes-base.slack'),
    node('Shape', 'n8n-nodes-base.set'),
    ...extra,
  ],
  connections,
});

describe('checkWiring', () => {
  it('repairs names that differ only in case, spacing or a numeric suffix', () => {
    const w = crafted({
      Schedule: { main: [[link('fetch rows')]] },
      'Fetch  Rows1': { main: [[link('PostMessage')]] },
      'Post Message': { main: [[link('Shape')]] },
    });
    const report = checkWiring(w);
    expect(report.missing).toEqual([]);
    expect(report.repaired).toEqual([
      { written: 'fetch rows', actual: 'Fetch Rows' },
      { written: 'Fetch  Rows1', actual: 'Fetch Rows' },
      { written: 'PostMessage', actual: 'Post Message' },
    ]);
    expect(report.edges.map((e) => `${e.from}>${e.to}`)).toEqual([
      'Schedule>Fetch Rows',
      'Fetch Rows>Post Message',
      'Post Message>Shape',
    ]);
    const repaired = repairWiring(w, report.repaired);
    expect(repaired.connections).toEqual({
      Schedule: { main: [[link('Fetch Rows')]] },
      'Fetch Rows': { main: [[link('Post Message')]] },
      'Post Message': { main: [[link('Shape')]] },
    });
    expect(checkWiring(repaired)).toMatchObject({ repaired: [], missing: [] });
    const q = qualityOf(w);
    expect(q.incompleteWiring).toBe(false);
    expect(isDeployableWith(q, false)).toBe(true);
  });

  it('does not guess: an ambiguous or unknown name is missing and the item is not deployable', () => {
    const w = crafted(
      {
        Schedule: { main: [[link('Step')]] }, // "Step 1" and "Step 2" both match without the suffix
        'Fetch Rows': { main: [[link('TWETTER')]] }, // a typo, not a case/spacing/suffix change
        Ghost: { main: [[link('Post Message')]] },
      },
      [node('Step 1'), node('Step 2')],
    );
    const report = checkWiring(w);
    expect(report.missing).toEqual(['Step', 'TWETTER', 'Ghost']);
    expect(report.repaired).toEqual([]);
    expect(report.edges).toEqual([]);
    const q = qualityOf(w);
    expect(q).toMatchObject({ incompleteWiring: true, missingNodes: ['Step', 'TWETTER', 'Ghost'] });
    expect(isDeployableWith(q, false)).toBe(false);
    // The operator's override lets it through, but never past a node type n8n does not have.
    expect(isDeployableWith(q, true)).toBe(true);
    const unknown = {
      code: 'unknown-node' as const,
      severity: 'blocks' as const,
      message: '',
      nodes: ['HF'],
    };
    const flags = [...(q.readiness?.flags ?? []), unknown];
    expect(isDeployableWith({ ...q, readiness: { level: 'blocked', flags } }, true)).toBe(false);
  });

  it('reports duplicate node names', () => {
    const w = crafted({}, [node('Shape')]);
    expect(checkWiring(w).duplicateNames).toEqual(['Shape']);
  });
});

describe('communityNodeTypes', () => {
  it("lists node types outside n8n's own packages", () => {
    expect(
      communityNodeTypes([
        node('a', 'n8n-nodes-base.slack'),
        node('b', '@n8n/n8n-nodes-langchain.agent'),
        node('c', 'n8n-nodes-mcp.mcpClientTool'),
        node('d', '@custom-js/n8n-nodes-pdf-toolkit.html2Pdf'),
        node('e', 'n8n-nodes-mcp.mcpClientTool'),
      ]),
    ).toEqual(['n8n-nodes-mcp.mcpClientTool', '@custom-js/n8n-nodes-pdf-toolkit.html2Pdf']);
  });
});

import { describe, expect, it } from 'vitest';
import { parseWorkflowText } from './parse-workflow.ts';

const node = { type: 'n8n-nodes-base.slack', name: 'Slack', position: [0, 0] };

describe('parseWorkflowText', () => {
  it.each([
    ['{', /^invalid JSON: /],
    ['"{\\"nodes\\":[]}"', /^double-encoded JSON/],
    ['[1,2]', /^not an n8n workflow \(the file holds an array\)/],
    ['42', /^not an n8n workflow \(the file holds a number\)/],
    ['null', /^not an n8n workflow \(the file holds null\)/],
    ['{}', /^not an n8n workflow \(no "nodes" list\)/],
    ['{"name":"x","title":"not a workflow"}', /no "nodes" list/],
    ['{"\\"nodes\\"":[]}', /^double-encoded keys \(for example "nodes"\)/],
    ['{"nodes":{}}', /"nodes" is not a list/],
    ['{"nodes":[]}', /^no nodes$/],
    ['{"nodes":[{"name":"x"}]}', /a node has no type/],
    [
      JSON.stringify({ nodes: Array.from({ length: 201 }, () => node) }),
      /^too large: 201 executable nodes \(limit 200\)$/,
    ],
  ])('%s → %s', (text, reason) => {
    const result = parseWorkflowText(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });

  it.each([
    [JSON.stringify({ nodes: [node] })],
    [`\uFEFF${JSON.stringify({ name: 'x', nodes: Array.from({ length: 200 }, () => node) })}`],
    // 174 working nodes and 72 sticky notes, like the reference corpus's 246-node file: n8n accepts it.
    [
      JSON.stringify({
        nodes: [
          ...Array.from({ length: 174 }, () => node),
          ...Array.from({ length: 72 }, () => ({ type: 'n8n-nodes-base.stickyNote' })),
        ],
      }),
    ],
  ])('accepts %#', (text) => expect(parseWorkflowText(text).ok).toBe(true));
});

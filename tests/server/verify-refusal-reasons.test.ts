// The run's refusal reasons (decision 0024): an "Unrecognized node type" that no node of the payload
// carries (an AI tool variant of it) is still told apart by the node table, and such a refusal is
// among what the detail page names before deploy.
import { describe, expect, it } from 'vitest';
import { reasonsNotShown, refusalReasonsOf } from '#server/n8n/verify/verify-workflow.ts';

describe('refusal reasons of a verification run', () => {
  it('classifies an unknown type without a matching node by the node table', () => {
    const refusal = {
      nodes: [],
      general: 'Your n8n does not have the node type n8n-nodes-mcp.mcpClient',
      message: 'Unrecognized node type: n8n-nodes-mcp.mcpClient',
      unknownType: 'n8n-nodes-mcp.mcpClient',
    };
    const reasons = refusalReasonsOf(refusal, [], '2.40.7');
    expect(reasons).toEqual(['community node not installed']);
    expect(reasonsNotShown(reasons, { nodeIssueCodes: ['community-node'], credentials: 0 })).toEqual([]);
    expect(reasonsNotShown(reasons, { nodeIssueCodes: [], credentials: 0 })).toEqual(reasons);
  });
});

// Which nodes a member's n8n has (decision 0024): the tool variants n8n generates at load time
// (gmailTool from gmail, for an AI agent) are as present as their base node, never "removed".
import { expect, it } from 'vitest';
import { nodeAvailability } from '#server/n8n-releases/node-availability.ts';

it('an AI tool variant is present wherever its base node is, and version-checked like it', () => {
  for (const release of ['1.123.81', '2.40.7']) {
    expect(nodeAvailability('n8n-nodes-base.gmailTool', 2.1, release)).toEqual({ status: 'present' });
    expect(nodeAvailability('n8n-nodes-base.googleSheetsTool', 4.5, release)).toEqual({ status: 'present' });
    expect(nodeAvailability('n8n-nodes-base.gmailTool', 9, release)).toMatchObject({
      status: 'newer-version',
    });
  }
});

it('a "Tool" name n8n never generates stays unknown: no base node, or a base not usable as a tool', () => {
  expect(nodeAvailability('n8n-nodes-base.noSuchAppTool', 1, '2.40.7')).toEqual({ status: 'removed' });
  // Aggregate is not usable as a tool, so n8n makes no aggregateTool.
  expect(nodeAvailability('n8n-nodes-base.aggregateTool', 1, '2.40.7')).toEqual({ status: 'removed' });
  expect(nodeAvailability('n8n-nodes-base.automizy', 1, '2.40.7')).toEqual({ status: 'removed' });
});

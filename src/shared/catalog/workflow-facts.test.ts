import { describe, expect, it } from 'vitest';
import { authorNotesOf, countNodes, deriveCredentials, deriveTriggerType } from './workflow-facts.ts';

const n = (type: string, extra: Record<string, unknown> = {}) => ({
  type: `n8n-nodes-base.${type}`,
  ...extra,
});
const sticky = (content: string, position: [number, number]) =>
  n('stickyNote', { parameters: { content }, position });

describe('countNodes', () => {
  it.each([
    [[n('slack'), sticky('x', [0, 0])], 1],
    [[], 0],
    [[n('a'), n('b'), n('c')], 3],
  ])('%# → %s', (nodes, expected) => expect(countNodes(nodes)).toBe(expected));
});

describe('deriveTriggerType', () => {
  it.each([
    [[n('manualTrigger'), n('slack')], 'Manual'],
    [[n('webhook'), n('slack')], 'Webhook'],
    [[n('scheduleTrigger')], 'Schedule'],
    [[n('cron')], 'Schedule'],
    [[n('manualTrigger'), n('telegramTrigger')], 'Telegram event'],
    [[{ type: '@n8n/n8n-nodes-langchain.chatTrigger' }], 'Chat message'],
    [[n('formTrigger')], 'Form submission'],
    [[n('executeWorkflowTrigger')], 'Called by another workflow'],
    [[n('slack')], 'Manual'],
  ])('%# → %s', (nodes, expected) => expect(deriveTriggerType(nodes)).toBe(expected));
});

describe('deriveCredentials', () => {
  it('lists each credential type once with the nodes using it', () => {
    expect(
      deriveCredentials([
        n('slack', { name: 'Post', credentials: { slackApi: { id: '1' } } }),
        n('slack', { name: 'Reply', credentials: { slackApi: { id: '1' } } }),
        n('googleSheets', { name: 'Log', credentials: { googleSheetsOAuth2Api: { id: '2' } } }),
        n('set', { name: 'Shape' }),
      ]),
    ).toEqual([
      { type: 'slackApi', name: 'Slack API', nodes: ['Post', 'Reply'] },
      { type: 'googleSheetsOAuth2Api', name: 'Google Sheets OAuth2 API', nodes: ['Log'] },
    ]);
  });
  it('is empty without credentials', () => expect(deriveCredentials([n('set')])).toEqual([]));
});

describe('authorNotesOf (sticky notes as Markdown, in canvas order)', () => {
  it.each([
    ['left to right', [sticky('Second', [500, 0]), sticky('First', [0, 300])], ['First', 'Second']],
    ['same column: top to bottom', [sticky('Lower', [0, 400]), sticky('Upper', [0, 0])], ['Upper', 'Lower']],
    ['empty notes dropped', [sticky('  ', [0, 0]), sticky('Only', [10, 0])], ['Only']],
    [
      'Markdown kept as written',
      [sticky('## Title\n**Bold** [link](https://x.y)', [0, 0])],
      ['## Title\n**Bold** [link](https://x.y)'],
    ],
    ['no notes', [n('slack')], []],
  ])('%s', (_label, nodes, expected) => expect(authorNotesOf(nodes)).toEqual(expected));
});

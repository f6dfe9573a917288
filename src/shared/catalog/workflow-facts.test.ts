import { describe, expect, it } from 'vitest';
import {
  authorNotesOf,
  countNodes,
  deployRefusal,
  deriveCredentials,
  deriveTriggerType,
  isDeployable,
} from './workflow-facts.ts';

const n = (type: string, extra: Record<string, unknown> = {}) => ({
  type: `n8n-nodes-base.${type}`,
  ...extra,
});
const sticky = (content: string, position: [number, number]) =>
  n('stickyNote', { parameters: { content }, position });

describe('isDeployable (more than 3 nodes and one that is not manual, function or webhook)', () => {
  it.each([
    ['no nodes', [], false],
    ['null', null, false],
    ['3 real nodes', [n('slack'), n('gmail'), n('set')], false],
    ['4 real nodes', [n('slack'), n('gmail'), n('set'), n('if')], true],
    [
      '4 manual/function/webhook only',
      [n('manualTrigger'), n('function'), n('webhook'), n('function')],
      false,
    ],
    ['4 with one slack', [n('manualTrigger'), n('function'), n('webhook'), n('slack')], true],
    [
      'functionItem counts as function',
      [n('functionItem'), n('function'), n('webhook'), n('manualTrigger')],
      false,
    ],
  ])('%s → %s', (_label, nodes, expected) => {
    expect(isDeployable(nodes as never)).toBe(expected);
  });
});

describe('deployRefusal (the same rule, with the reason the operator console shows)', () => {
  it.each([
    ['no workflow file', null, 'Template only: there is no workflow file to deploy.'],
    ['1 node', [n('slack')], 'Only 1 node(s): a deployable workflow needs more than 3.'],
    [
      'only manual/function/webhook',
      [n('manualTrigger'), n('function'), n('webhook'), n('function')],
      'Every node is a manual trigger, function or webhook: there is nothing for n8n to run.',
    ],
    ['deployable', [n('slack'), n('gmail'), n('set'), n('if')], null],
  ])('%s', (_label, nodes, reason) => {
    expect(deployRefusal(nodes as never)).toBe(reason);
  });
});

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

import { describe, expect, it } from 'vitest';
import {
  credentialName,
  deriveIntegrations,
  humanizeIdentifier,
  integrationName,
  pathOrder,
} from './integrations.ts';

describe('integrationName', () => {
  it.each([
    ['n8n-nodes-base.slack', 'Slack'],
    ['n8n-nodes-base.slackTrigger', 'Slack'],
    ['n8n-nodes-base.googleSheets', 'Google Sheets'],
    ['n8n-nodes-base.googleSheetsTrigger', 'Google Sheets'],
    ['n8n-nodes-base.httpRequest', 'HTTP Request'],
    ['@n8n/n8n-nodes-langchain.lmChatOpenAi', 'OpenAI'],
    ['@n8n/n8n-nodes-langchain.openAi', 'OpenAI'],
    ['@n8n/n8n-nodes-langchain.vectorStorePinecone', 'Pinecone'],
    ['@n8n/n8n-nodes-langchain.lmChatSomeNewVendor', 'Some New Vendor'],
    ['n8n-nodes-base.telegramTrigger', 'Telegram'],
    ['n8n-nodes-base.activeCampaign', 'ActiveCampaign'],
    ['n8n-nodes-base.set', null],
    ['n8n-nodes-base.stickyNote', null],
    ['n8n-nodes-base.manualTrigger', null],
    ['n8n-nodes-base.webhook', null],
    ['n8n-nodes-base.scheduleTrigger', null],
    ['@n8n/n8n-nodes-langchain.agent', null],
    ['@n8n/n8n-nodes-langchain.memoryBufferWindow', null],
    // A community node named as its package run together with an operation: the package names it.
    ['n8n-nodes-nostrobots.nostrobotsread', 'Nostrobots'],
    ['n8n-nodes-klicktipp.klicktipp', 'KlickTipp'],
    // n8n's own spelling of the same words.
    ['n8n-nodes-base.nextCloud', 'Nextcloud'],
    ['n8n-nodes-base.payPal', 'PayPal'],
    ['n8n-nodes-base.wordpress', 'WordPress'],
    [undefined, null],
  ])('%s → %s', (type, expected) => {
    expect(integrationName(type)).toBe(expected);
  });
});

describe('deriveIntegrations', () => {
  it.each([
    [['n8n-nodes-base.slackTrigger', 'n8n-nodes-base.slack', 'n8n-nodes-base.set'], ['Slack']],
    [
      ['n8n-nodes-base.gmail', 'n8n-nodes-base.googleSheets'],
      ['Gmail', 'Google Sheets'],
    ],
    [[], []],
  ])('%j → %j', (types, expected) => {
    expect(deriveIntegrations(types.map((type) => ({ type })))).toEqual(expected);
  });
});

describe('path order', () => {
  const base = 'n8n-nodes-base';
  const lc = '@n8n/n8n-nodes-langchain';
  const main = (...to: string[]) => ({ main: [to.map((node) => ({ node, type: 'main', index: 0 }))] });
  // File order differs from the run order: the trigger is last, the model sits before its agent.
  const nodes = [
    { name: 'Notify', type: `${base}.slack` },
    { name: 'Model', type: `${lc}.lmChatAnthropic` },
    { name: 'Save', type: `${base}.googleSheets` },
    { name: 'Agent', type: `${lc}.agent` },
    { name: 'Loose', type: `${base}.notion` },
    { name: 'On mail', type: `${base}.gmailTrigger` },
  ];
  const connections = {
    'On mail': main('Agent'),
    Agent: main('Save'),
    Save: main('Notify'),
    Model: { ai_languageModel: [[{ node: 'Agent', type: 'ai_languageModel', index: 0 }]] },
  };

  it('runs from the trigger along main connections, sub-nodes after their node, unreached nodes last', () => {
    expect(pathOrder(nodes, connections).map((n) => n.name)).toEqual([
      'On mail',
      'Agent',
      'Model',
      'Save',
      'Notify',
      'Loose',
    ]);
  });

  it('lists integrations in that order', () => {
    expect(deriveIntegrations(nodes, connections)).toEqual([
      'Gmail',
      'Anthropic',
      'Google Sheets',
      'Slack',
      'Notion',
    ]);
    expect(deriveIntegrations(nodes)).toEqual(['Slack', 'Anthropic', 'Google Sheets', 'Notion', 'Gmail']);
  });
});

describe('humanizeIdentifier and credentialName', () => {
  it.each([
    ['slackApi', 'Slack API'],
    ['googleSheetsOAuth2Api', 'Google Sheets OAuth2 API'],
    ['openAiApi', 'OpenAI API'],
    ['httpHeaderAuth', 'HTTP Header Auth'],
  ])('%s → %s', (input, expected) => {
    expect(credentialName(input)).toBe(expected);
    expect(humanizeIdentifier(input)).toBe(expected);
  });
});

describe('credentialName', () => {
  it('names the Gemini credential as n8n shows it, not by its old PaLM identifier', () => {
    expect(credentialName('googlePalmApi')).toBe('Google Gemini (PaLM) API');
  });
});

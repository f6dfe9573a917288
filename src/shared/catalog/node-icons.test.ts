import { describe, expect, it } from 'vitest';
import { integrationIcon, nodeIntegration } from './node-icons.ts';

describe('nodeIntegration', () => {
  it.each([
    ['n8n-nodes-base.googleSheets', 'Google Sheets', 'brand:googlesheets'],
    ['n8n-nodes-base.googleSheetsTrigger', 'Google Sheets', 'brand:googlesheets'],
    ['n8n-nodes-base.gmailTool', 'Gmail', 'brand:gmail'],
    ['n8n-nodes-base.postgres', 'PostgreSQL', 'brand:postgresql'],
    ['@n8n/n8n-nodes-langchain.memoryPostgresChat', 'PostgreSQL', 'brand:postgresql'],
    ['@n8n/n8n-nodes-langchain.lmChatGoogleGemini', 'Google Gemini', 'brand:googlegemini'],
    ['@n8n/n8n-nodes-langchain.lmChatAnthropic', 'Anthropic', 'brand:anthropic'],
    ['n8n-nodes-base.twitter', 'X (Twitter)', 'brand:x'],
    // Brands simple-icons no longer carries come from the Iconify logos set (decision 0022).
    ['@n8n/n8n-nodes-langchain.lmChatOpenAi', 'OpenAI', 'brand:logos-openai-icon'],
    ['n8n-nodes-base.slack', 'Slack', 'brand:logos-slack-icon'],
    // A Microsoft service without its own mark shows Microsoft's.
    ['n8n-nodes-base.microsoftOutlookTool', 'Microsoft Outlook', 'brand:logos-microsoft-icon'],
    // No logo in either set: the family glyph, never a look-alike.
    ['n8n-nodes-base.pipedrive', 'Pipedrive', 'family:app'],
    ['n8n-nodes-base.scheduleTrigger', 'Schedule Trigger', 'family:schedule'],
    ['n8n-nodes-base.webhook', 'Webhook', 'family:webhook'],
    ['n8n-nodes-base.code', 'Code', 'family:code'],
    ['n8n-nodes-base.httpRequest', 'HTTP Request', 'family:http'],
    ['@n8n/n8n-nodes-langchain.agent', 'Agent', 'family:ai-agent'],
    ['@n8n/n8n-nodes-langchain.toolWorkflow', 'Tool Workflow', 'family:ai-tool'],
    ['@n8n/n8n-nodes-langchain.memoryBufferWindow', 'Memory Buffer Window', 'family:ai-memory'],
    ['n8n-nodes-base.set', 'Set', 'family:data'],
    ['n8n-nodes-base.if', 'If', 'family:flow'],
    ['n8n-nodes-base.markdown', 'Markdown', 'family:data'],
    ['n8n-nodes-base.stickyNote', 'Sticky Note', 'family:note'],
    ['n8n-nodes-acme.someCommunityNode', 'Some Community Node', 'family:app'],
  ])('%s → %s, %s', (type, name, icon) => {
    expect(nodeIntegration(type)).toEqual({ name, icon });
  });

  it('resolves a card’s integration names to the same icons', () => {
    expect(integrationIcon('Google Sheets')).toBe('brand:googlesheets');
    expect(integrationIcon('X (Twitter)')).toBe('brand:x');
    expect(integrationIcon('OpenAI')).toBe('brand:logos-openai-icon');
    expect(integrationIcon('Slack')).toBe('brand:logos-slack-icon');
    expect(integrationIcon('Bright Data')).toBe('family:app');
  });
});

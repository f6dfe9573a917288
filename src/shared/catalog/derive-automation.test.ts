import { describe, expect, it } from 'vitest';
import { deriveAutomation, TEMPLATE_ONLY_DESCRIPTION } from './derive-automation.ts';

const workflow = {
  name: 'Telegram AI assistant',
  nodes: [
    {
      type: 'n8n-nodes-base.telegramTrigger',
      name: 'On message',
      position: [0, 0],
      credentials: { telegramApi: {} },
    },
    { type: '@n8n/n8n-nodes-langchain.agent', name: 'Agent', position: [200, 0] },
    {
      type: '@n8n/n8n-nodes-langchain.lmChatOpenAi',
      name: 'Model',
      position: [200, 200],
      credentials: { openAiApi: {} },
    },
    { type: 'n8n-nodes-base.telegram', name: 'Reply', position: [400, 0], credentials: { telegramApi: {} } },
    {
      type: 'n8n-nodes-base.stickyNote',
      position: [-300, 0],
      parameters: { content: '## Telegram assistant\nAnswers messages with GPT.' },
    },
  ],
  connections: {
    'On message': { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
    Agent: { main: [[{ node: 'Reply', type: 'main', index: 0 }]] },
    Model: { ai_languageModel: [[{ node: 'Agent', type: 'ai_languageModel', index: 0 }]] },
  },
};

describe('deriveAutomation', () => {
  it('derives every field from a workflow', () => {
    const d = deriveAutomation({ workflow, fileName: '0001_x.json' });
    expect(d).toMatchObject({
      title: 'Telegram AI assistant',
      description:
        'When a Telegram message arrives, it runs an AI agent and sends a text message with Telegram.',
      summary: 'When a Telegram message arrives, it runs an AI agent and sends a text message with Telegram.',
      category: 'AI & Automation',
      integrations: ['Telegram', 'OpenAI'],
      triggerType: 'Telegram event',
      nodeCount: 4,
      deployable: true,
      howItWorks: [
        'When a Telegram message arrives.',
        'Runs an AI agent (OpenAI model) ("Agent").',
        'Sends a text message with Telegram ("Reply").',
      ].join('\n'),
      authorNotes: ['## Telegram assistant\nAnswers messages with GPT.'],
      quality: { missingNodes: [], incompleteWiring: false, communityNodes: [], duplicateNames: [] },
    });
    expect(d.tags.slice(0, 4)).toEqual(['ai-automation', 'agent', 'openai', 'telegram']);
    expect(d.credentials.map((c) => [c.type, c.nodes])).toEqual([
      ['telegramApi', ['On message', 'Reply']],
      ['openAiApi', ['Model']],
    ]);
    expect(d.setupSteps).toHaveLength(7);
  });

  it('never takes a note about one part of the workflow for what the template is for', () => {
    const partNote = {
      type: 'n8n-nodes-base.stickyNote',
      position: [-300, 300],
      parameters: { content: 'This part of the workflow prepares the data for the reply step.' },
    };
    const d = deriveAutomation({
      workflow: { ...workflow, nodes: [...workflow.nodes.slice(0, 4), partNote] },
      fileName: '0002_x.json',
    });
    expect(d.summary).toBe(
      'When a Telegram message arrives, it runs an AI agent and sends a text message with Telegram.',
    );
    expect(d.description).not.toContain('This part of the workflow');
  });

  it('never says a workflow with no trigger is started by hand: readiness blocks it', () => {
    // An old file (the corpus's 0010): three steps and nothing that starts them.
    const old = {
      nodes: [
        { type: 'n8n-nodes-base.function', name: 'Create Example Data', position: [0, 0] },
        { type: 'n8n-nodes-base.writeBinaryFile', name: 'Write Binary File', position: [200, 0] },
      ],
      connections: {
        'Create Example Data': { main: [[{ node: 'Write Binary File', type: 'main', index: 0 }]] },
      },
    };
    const d = deriveAutomation({ workflow: old, fileName: '0010_Writebinaryfile_Create.json' });
    expect(d.deployable).toBe(false);
    expect(d.summary).toBe('Once a trigger is added, it runs custom code and writes a file to disk.');
    expect(d.howItWorks.split('\n')[0]).toBe('Once a trigger is added.');
    expect(d.title).toBe('Run custom code and write a file to disk');
    expect(JSON.stringify(d)).not.toMatch(/started by hand/);
  });

  it('uses the manifest description over the generated text', () => {
    const d = deriveAutomation({ workflow, description: 'Given by the manifest. It wins over the text.' });
    expect(d.description).toBe('Given by the manifest. It wins over the text.');
    expect(d.summary).toBe('Given by the manifest. It wins over the text.');
    expect(d.authorNotes).toHaveLength(1);
  });

  it('handles template-only rows', () => {
    const d = deriveAutomation({ workflow: null, title: 'Lead router' });
    expect(d).toMatchObject({
      title: 'Lead router',
      description: TEMPLATE_ONLY_DESCRIPTION,
      nodeCount: 0,
      deployable: false,
      integrations: [],
      howItWorks: '',
      authorNotes: [],
      quality: null,
    });
    expect(d.setupSteps).toHaveLength(5);
  });
});

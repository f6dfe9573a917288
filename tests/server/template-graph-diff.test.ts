import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  describeChanges,
  diffGraphs,
  graphFingerprint,
  toGraph,
  workflowChangelog,
} from '#shared/catalog/graph-diff.ts';
import { n8nNode } from '#shared/catalog/n8n-nodes.ts';
import type { WorkflowJson, WorkflowNode } from '#shared/catalog/workflow-types.ts';

// A crafted template: Schedule → HTTP Request → Summarize → OpenAI → Wait → Gmail, with a sticky note.
type TestNode = WorkflowNode & { webhookId?: string; disabled?: boolean };

function base(): WorkflowJson {
  const nodes: TestNode[] = [
    {
      id: 'n0',
      name: 'Note',
      type: 'n8n-nodes-base.stickyNote',
      position: [0, 0],
      parameters: { content: 'Hi' },
    },
    {
      id: 'n1',
      name: 'Every morning',
      type: 'n8n-nodes-base.scheduleTrigger',
      typeVersion: 1.2,
      position: [100, 100],
      parameters: { rule: { interval: [{ field: 'hours', hoursInterval: 24 }] } },
    },
    {
      id: 'n2',
      name: 'HTTP Request',
      type: 'n8n-nodes-base.httpRequest',
      typeVersion: 4.1,
      position: [300, 100],
      parameters: { url: 'https://api.example.com/v1/orders', options: {} },
    },
    {
      id: 'n3',
      name: 'Summarize',
      type: 'n8n-nodes-base.summarize',
      typeVersion: 1,
      position: [500, 100],
      parameters: { fieldsToSummarize: { values: [{ field: 'amount', aggregation: 'sum' }] } },
    },
    {
      id: 'n4',
      name: 'OpenAI',
      type: '@n8n/n8n-nodes-langchain.openAi',
      typeVersion: 1.8,
      position: [700, 100],
      parameters: {
        modelId: { __rl: true, value: 'gpt-3.5-turbo', mode: 'list', cachedResultName: 'GPT-3.5-TURBO' },
        messages: { values: [{ content: 'Write a short digest of these order totals.' }] },
        options: { temperature: 0.3 },
      },
      credentials: { openAiApi: { id: '7', name: 'OpenAI account' } },
    },
    {
      id: 'n5',
      name: 'Wait',
      type: 'n8n-nodes-base.wait',
      typeVersion: 1.1,
      position: [900, 100],
      webhookId: '5f0c3a9e-1111-4222-8333-444455556666',
      parameters: { amount: 5 },
    },
    {
      id: 'n6',
      name: 'Gmail',
      type: 'n8n-nodes-base.gmail',
      typeVersion: 2.1,
      position: [1100, 100],
      parameters: {
        sendTo: 'team@example.com',
        subject: 'Order digest',
        message: '={{ $json.message.content }}',
      },
      credentials: { gmailOAuth2: { id: '3', name: 'Gmail account' } },
    },
  ];
  return {
    name: 'Daily order digest',
    nodes,
    connections: chain(['Every morning', 'HTTP Request', 'Summarize', 'OpenAI', 'Wait', 'Gmail']),
    settings: { executionOrder: 'v1' },
  };
}

function chain(names: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (let i = 0; i < names.length - 1; i++)
    out[names[i]!] = { main: [[{ node: names[i + 1], type: 'main', index: 0 }]] };
  return out;
}

const node = (w: WorkflowJson, name: string): TestNode => {
  const found = w.nodes.find((n) => n.name === name);
  if (!found) throw new Error(`no node ${name}`);
  return found;
};

function renameNode(w: WorkflowJson, from: string, to: string): void {
  node(w, from).name = to;
  const text = JSON.stringify(w.connections).replaceAll(`"${from}"`, `"${to}"`);
  w.connections = JSON.parse(text) as Record<string, unknown>;
}

const slack = (name: string, position: [number, number]): WorkflowNode => ({
  id: `s-${name}`,
  name,
  type: 'n8n-nodes-base.slack',
  typeVersion: 2.2,
  position,
  parameters: { select: 'channel', text: 'Digest ready' },
  credentials: { slackApi: { id: '9', name: 'Slack' } },
});

/** Each case: the changed copy of the base template. */
const CASES: Record<string, (w: WorkflowJson) => void> = {
  'noise-only': (w) => {
    // Moved on the canvas, new ids, a renewed webhook id, the author's other credential, a new note.
    for (const n of w.nodes) {
      n.id = `x-${n.id}`;
      n.position = [(n.position?.[0] ?? 0) + 40, (n.position?.[1] ?? 0) - 20];
    }
    (node(w, 'Wait') as { webhookId?: string }).webhookId = '0b2d6e1f-aaaa-4bbb-8ccc-ddddeeeeffff';
    node(w, 'Gmail').credentials = { gmailOAuth2: { id: '12', name: 'Work Gmail' } };
    node(w, 'Note').parameters = { content: 'Rewritten note' };
    w.connections = JSON.parse(JSON.stringify(w.connections)) as Record<string, unknown>;
  },
  'adds-slack-after-summarize': (w) => {
    w.nodes.push(slack('Slack', [700, 300]));
    (w.connections!.Summarize as { main: unknown[][] }).main[0]!.push({
      node: 'Slack',
      type: 'main',
      index: 0,
    });
  },
  'openai-model': (w) => {
    (node(w, 'OpenAI').parameters!.modelId as { value: string }).value = 'gpt-4o-mini';
  },
  'removes-wait': (w) => {
    w.nodes = w.nodes.filter((n) => n.name !== 'Wait');
    w.connections = chain(['Every morning', 'HTTP Request', 'Summarize', 'OpenAI', 'Gmail']);
  },
  'renames-summarize': (w) => renameNode(w, 'Summarize', 'Summarize orders'),
  'renamed-and-edited': (w) => {
    renameNode(w, 'Summarize', 'Count orders');
    node(w, 'Count orders').parameters = {
      fieldsToSummarize: { values: [{ field: 'total', aggregation: 'sum' }] },
    };
  },
  'prompt-rewritten': (w) => {
    node(w, 'OpenAI').parameters!.messages = {
      values: [{ content: 'Write a friendly digest of these order totals, with the biggest order first.' }],
    };
  },
  'http-upgraded': (w) => {
    node(w, 'HTTP Request').typeVersion = 4.2;
    node(w, 'HTTP Request').parameters!.url = 'https://api.example.com/v2/orders';
  },
  'slack-named-added-before-gmail': (w) => {
    w.nodes.push(slack('Tell the team', [1000, 300]));
    w.connections!.Wait = { main: [[{ node: 'Tell the team', type: 'main', index: 0 }]] };
    w.connections!['Tell the team'] = { main: [[{ node: 'Gmail', type: 'main', index: 0 }]] };
  },
  'if-branches-swapped': (w) => {
    // Both versions branch; only the "after" swaps which branch goes where.
    w.connections!['Is it big?'] = {
      main: [[{ node: 'Slack', type: 'main', index: 0 }], [{ node: 'Gmail', type: 'main', index: 0 }]],
    };
  },
  'openai-many-settings': (w) => {
    node(w, 'OpenAI').parameters = {
      modelId: { __rl: true, value: 'gpt-4o', mode: 'list' },
      messages: { values: [{ content: 'Write a short digest of these order totals.', role: 'system' }] },
      options: { temperature: 0.7, maxTokens: 400 },
      jsonOutput: true,
    };
  },
  'wait-disabled-and-credentials': (w) => {
    (node(w, 'Wait') as { disabled?: boolean }).disabled = true;
    node(w, 'Gmail').credentials = { googleApi: { id: '4', name: 'Service account' } };
  },
};

/** The base for a case: the IF case starts from a workflow that already branches. */
function before(name: string): WorkflowJson {
  const w = base();
  if (name === 'if-branches-swapped') {
    w.nodes.push(
      {
        id: 'if',
        name: 'Is it big?',
        type: 'n8n-nodes-base.if',
        typeVersion: 2,
        position: [800, 0],
        parameters: {},
      },
      slack('Slack', [1000, 0]),
    );
    w.connections!.Wait = { main: [[{ node: 'Is it big?', type: 'main', index: 0 }]] };
    w.connections!['Is it big?'] = {
      main: [[{ node: 'Gmail', type: 'main', index: 0 }], [{ node: 'Slack', type: 'main', index: 0 }]],
    };
  }
  return w;
}

function readGolden(): Map<string, string[]> {
  const text = readFileSync(
    new URL('../fixtures/template-versions/changelog.golden.txt', import.meta.url),
    'utf8',
  );
  const cases = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of text.split('\n')) {
    if (line.startsWith('#') && !line.startsWith('## ')) continue;
    if (line.startsWith('## ')) {
      current = [];
      cases.set(line.slice(3).trim(), current);
    } else if (line.trim() && current) current.push(line.trim());
  }
  return cases;
}

const typeName = (type: string) => n8nNode(type)?.displayName;

describe('template changelog (golden file written by hand)', () => {
  const golden = readGolden();

  it('covers every crafted case', () => {
    expect([...golden.keys()].sort()).toEqual(Object.keys(CASES).sort());
  });

  for (const [name, change] of Object.entries(CASES)) {
    it(name, () => {
      const a = before(name);
      const b = structuredClone(a);
      change(b);
      expect(workflowChangelog(a, b, { typeName }).changelog).toEqual(golden.get(name));
    });
  }
});

describe('graph diff', () => {
  it('gives the same fingerprint exactly when nothing but noise changed', () => {
    const a = base();
    const noise = structuredClone(a);
    CASES['noise-only']!(noise);
    expect(graphFingerprint(toGraph(noise))).toBe(graphFingerprint(toGraph(a)));
    const edited = structuredClone(a);
    CASES['openai-model']!(edited);
    expect(graphFingerprint(toGraph(edited))).not.toBe(graphFingerprint(toGraph(a)));
  });

  it('keeps a custom webhook path as a parameter and drops one that is the webhook id', () => {
    const hook = (path: string, webhookId: string): WorkflowJson => ({
      nodes: [
        { name: 'Webhook', type: 'n8n-nodes-base.webhook', parameters: { path }, webhookId } as WorkflowNode,
      ],
    });
    expect(diffGraphs(toGraph(hook('aaa-1', 'aaa-1')), toGraph(hook('bbb-2', 'bbb-2'))).changes).toEqual([]);
    expect(
      diffGraphs(toGraph(hook('orders', 'aaa-1')), toGraph(hook('new-orders', 'bbb-2'))).changes,
    ).toEqual([
      {
        kind: 'parameter',
        node: 'Webhook',
        type: 'n8n-nodes-base.webhook',
        path: 'path',
        from: 'orders',
        to: 'new-orders',
      },
    ]);
  });

  it('pairs a renamed node with its old self and keeps its wiring unchanged', () => {
    const a = base();
    const b = structuredClone(a);
    renameNode(b, 'Summarize', 'Summarize orders');
    const diff = diffGraphs(toGraph(a), toGraph(b));
    expect(diff.matches.get('Summarize')).toBe('Summarize orders');
    expect(diff.changes).toEqual([
      { kind: 'node-renamed', from: 'Summarize', to: 'Summarize orders', type: 'n8n-nodes-base.summarize' },
    ]);
  });

  it('does not pair two different nodes of one type that share no neighbour', () => {
    const a = base();
    const b = structuredClone(a);
    // A different Summarize, wired elsewhere: a removal and an addition, not a rename.
    b.nodes = b.nodes.filter((n) => n.name !== 'Summarize');
    b.nodes.push({ name: 'Totals', type: 'n8n-nodes-base.summarize', parameters: { x: 1 } });
    b.connections = {
      ...chain(['Every morning', 'HTTP Request', 'OpenAI', 'Wait', 'Gmail']),
      Gmail: { main: [[{ node: 'Totals', type: 'main', index: 0 }]] },
    };
    const kinds = diffGraphs(toGraph(a), toGraph(b)).changes.map((c) => c.kind);
    expect(kinds).toContain('node-removed');
    expect(kinds).toContain('node-added');
    expect(kinds).not.toContain('node-renamed');
  });

  it('names an AI sub-node connection by its role', () => {
    const a: WorkflowJson = {
      nodes: [
        { name: 'AI Agent', type: '@n8n/n8n-nodes-langchain.agent', parameters: {} },
        { name: 'OpenAI Chat Model', type: '@n8n/n8n-nodes-langchain.lmChatOpenAi', parameters: {} },
      ],
      connections: {},
    };
    const b = structuredClone(a);
    b.connections = {
      'OpenAI Chat Model': { ai_languageModel: [[{ node: 'AI Agent', type: 'ai_languageModel', index: 0 }]] },
    };
    expect(describeChanges(diffGraphs(toGraph(a), toGraph(b)).changes, { typeName })).toEqual([
      'connects OpenAI Chat Model to AI Agent as its language model',
    ]);
  });
});

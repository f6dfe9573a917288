import { describe, expect, it } from 'vitest';
import { restoredWorkflow } from '#server/n8n/template-restore.ts';
import { compareForUpdate } from '#server/n8n/template-update-preview.ts';
import { diffGraphs, matchNodes, toGraph } from '#shared/catalog/graph-diff.ts';
import { type MergeResult, mergeWorkflows } from '#shared/catalog/graph-merge.ts';
import type { WorkflowJson, WorkflowNode } from '#shared/catalog/workflow-types.ts';
import {
  chain,
  openAiModelCollision,
  openAiStep,
  slackPost,
  waitStep,
  webhookTrigger,
} from '#tests/support/workflows.ts';

// Three-way merge of a template update into a member's deployed copy, on crafted workflows. Each
// scenario also counts lost edits independently of the merge's own report: a parameter, credential
// or webhook id the member has in n8n that the merged workflow no longer carries on the same node.

type Node = WorkflowNode & { webhookId?: string; disabled?: boolean };

/** The template as the member deployed it: Webhook → Summarize → OpenAI → Wait → Slack. */
function base(): WorkflowJson {
  const nodes: Node[] = [
    webhookTrigger('b1', 'aaaaaaaa-0000-4000-8000-000000000001'),
    {
      id: 'b2',
      name: 'Summarize',
      type: 'n8n-nodes-base.summarize',
      typeVersion: 1,
      position: [200, 0],
      parameters: { fieldsToSummarize: { values: [{ field: 'amount', aggregation: 'sum' }] } },
    },
    openAiStep('b3', 400, {
      model: 'gpt-3.5-turbo',
      content: 'Summarise the totals.',
      options: { temperature: 0.3 },
      credentialId: '',
    }),
    waitStep('b4', 600, 5),
    slackPost('b5', 800, { channel: 'C_AUTHOR', text: 'Done', credentialId: '' }),
  ];
  return {
    name: 'Digest',
    nodes,
    connections: chain('Webhook', 'Summarize', 'OpenAI', 'Wait', 'Slack'),
    settings: {},
  };
}

/** The member's copy right after deploying: n8n's ids, a renewed webhook id and path, bound credentials. */
function deployed(): WorkflowJson {
  const w = structuredClone(base());
  for (const n of w.nodes as Node[]) n.id = `n8n-${n.id}`;
  const hook = node(w, 'Webhook');
  hook.webhookId = 'bbbbbbbb-0000-4000-8000-00000000000b';
  hook.parameters!.path = 'bbbbbbbb-0000-4000-8000-00000000000b';
  node(w, 'OpenAI').credentials = { openAiApi: { id: 'cred-openai-7', name: 'My OpenAI' } };
  node(w, 'Slack').credentials = { slackApi: { id: 'cred-slack-3', name: 'Team Slack' } };
  return w;
}

const node = (w: WorkflowJson, name: string): Node => {
  const found = (w.nodes as Node[]).find((n) => n.name === name);
  if (!found) throw new Error(`no node ${name}`);
  return found;
};
const rename = (w: WorkflowJson, from: string, to: string) => {
  node(w, from).name = to;
  w.connections = JSON.parse(JSON.stringify(w.connections).replaceAll(`"${from}"`, `"${to}"`)) as Record<
    string,
    unknown
  >;
};
const setModel = (w: WorkflowJson, model: string) => {
  (node(w, 'OpenAI').parameters!.modelId as { value: string }).value = model;
};
const setChannel = (w: WorkflowJson, channel: string) => {
  (node(w, 'Slack').parameters!.channelId as { value: string }).value = channel;
};

/** Member edits (parameters, credentials, webhook ids) that the merged workflow dropped, by node id. */
function lostEdits(b: WorkflowJson, mine: WorkflowJson, result: MergeResult): string[] {
  const lost: string[] = [];
  const gb = toGraph(b);
  const gm = toGraph(mine);
  const toMine = matchNodes(gb, gm);
  const mergedById = new Map((result.workflow.nodes as Node[]).map((n) => [n.id, n]));
  const mergedGraph = toGraph(result.workflow);
  for (const m of mine.nodes as Node[]) {
    const merged = mergedById.get(m.id);
    const baseName = [...toMine].find(([, mn]) => mn === m.name)?.[0];
    const bn = baseName ? gb.nodes.get(baseName) : undefined;
    const mn = gm.nodes.get(m.name!)!;
    const edited =
      !bn || [...mn.params].some(([k, v]) => bn.params.get(k) !== v) || bn.params.size !== mn.params.size;
    if (!merged) {
      if (edited) lost.push(`${m.name}: node removed`);
      continue;
    }
    const g = mergedGraph.nodes.get(merged.name!)!;
    for (const [path, value] of mn.params)
      if ((!bn || bn.params.get(path) !== value) && g.params.get(path) !== value)
        lost.push(`${m.name}.${path}`);
    for (const [type, cred] of Object.entries(m.credentials ?? {}))
      if (JSON.stringify(merged.credentials?.[type]) !== JSON.stringify(cred))
        lost.push(`${m.name}: ${type} credential`);
    if (m.webhookId && merged.webhookId !== m.webhookId) lost.push(`${m.name}: webhook id`);
    if (m.parameters?.path !== undefined && merged.parameters?.path !== m.parameters.path)
      lost.push(`${m.name}: path`);
  }
  return lost;
}

type Scenario = {
  theirs: (w: WorkflowJson) => void;
  mine: (w: WorkflowJson) => void;
  check: (r: MergeResult) => void;
};

const SCENARIOS: Record<string, Scenario> = {
  'edited parameter kept while the new version changes another node': {
    theirs: (w) => setModel(w, 'gpt-4o-mini'),
    mine: (w) => setChannel(w, 'C_MEMBER'),
    check: (r) => {
      expect(r.collisions).toEqual([]);
      expect((node(r.workflow, 'OpenAI').parameters!.modelId as { value: string }).value).toBe('gpt-4o-mini');
      expect((node(r.workflow, 'Slack').parameters!.channelId as { value: string }).value).toBe('C_MEMBER');
      expect(r.keptEdits).toEqual([{ node: 'Slack', path: 'channelId' }]);
    },
  },
  'collision on one parameter is reported and left as the member has it': {
    theirs: (w) => setModel(w, 'gpt-4o-mini'),
    mine: (w) => setModel(w, 'gpt-4o'),
    check: (r) => {
      expect(r.collisions).toEqual([openAiModelCollision('gpt-3.5-turbo', 'gpt-4o', 'gpt-4o-mini')]);
      expect((node(r.workflow, 'OpenAI').parameters!.modelId as { value: string }).value).toBe('gpt-4o');
    },
  },
  'the same change on both sides is no collision': {
    theirs: (w) => setModel(w, 'gpt-4o-mini'),
    mine: (w) => setModel(w, 'gpt-4o-mini'),
    check: (r) => expect(r.collisions).toEqual([]),
  },
  'removed node: gone and rewired': {
    theirs: (w) => {
      w.nodes = w.nodes.filter((n) => n.name !== 'Wait');
      w.connections = chain('Webhook', 'Summarize', 'OpenAI', 'Slack');
    },
    mine: () => {},
    check: (r) => {
      expect(r.workflow.nodes.map((n) => n.name)).toEqual(['Webhook', 'Summarize', 'OpenAI', 'Slack']);
      expect(r.workflow.connections?.OpenAI).toEqual({ main: [[{ node: 'Slack', type: 'main', index: 0 }]] });
      expect(r.collisions).toEqual([]);
    },
  },
  'removed node the member edited: kept and reported': {
    theirs: (w) => {
      w.nodes = w.nodes.filter((n) => n.name !== 'Wait');
      w.connections = chain('Webhook', 'Summarize', 'OpenAI', 'Slack');
    },
    mine: (w) => {
      node(w, 'Wait').parameters = { amount: 30 };
    },
    check: (r) => {
      expect(r.collisions).toEqual([{ kind: 'removed-edited', node: 'Wait' }]);
      expect(node(r.workflow, 'Wait').parameters).toEqual({ amount: 30 });
    },
  },
  'renamed node: the new name, its wiring, and the member’s edit on it': {
    theirs: (w) => {
      rename(w, 'Summarize', 'Count orders');
      (node(w, 'Count orders').parameters!.fieldsToSummarize as { values: { aggregation: string }[] })
        .values[0]!.aggregation = 'count';
    },
    mine: (w) => {
      (node(w, 'Summarize').parameters!.fieldsToSummarize as { values: { field: string }[] })
        .values[0]!.field = 'total';
    },
    check: (r) => {
      expect(node(r.workflow, 'Count orders').parameters).toEqual({
        fieldsToSummarize: { values: [{ field: 'total', aggregation: 'count' }] },
      });
      expect(r.workflow.connections?.Webhook).toEqual({
        main: [[{ node: 'Count orders', type: 'main', index: 0 }]],
      });
      expect(r.workflow.connections?.['Count orders']).toEqual({
        main: [[{ node: 'OpenAI', type: 'main', index: 0 }]],
      });
      expect(r.workflow.connections).not.toHaveProperty('Summarize');
    },
  },
  'the member’s rename is kept and the update still reaches the node': {
    theirs: (w) => setModel(w, 'gpt-4o-mini'),
    mine: (w) => rename(w, 'OpenAI', 'My summary AI'),
    check: (r) => {
      expect((node(r.workflow, 'My summary AI').parameters!.modelId as { value: string }).value).toBe(
        'gpt-4o-mini',
      );
      expect(r.workflow.connections?.['My summary AI']).toEqual({
        main: [[{ node: 'Wait', type: 'main', index: 0 }]],
      });
    },
  },
  'credentials kept; a node the update adds comes without the author’s credential ids': {
    theirs: (w) => {
      for (const n of w.nodes)
        if (n.credentials)
          n.credentials = Object.fromEntries(
            Object.keys(n.credentials).map((k) => [k, { id: '99', name: 'Author' }]),
          );
      w.nodes.push({
        id: 'b6',
        name: 'Gmail',
        type: 'n8n-nodes-base.gmail',
        typeVersion: 2.1,
        position: [1000, 0],
        parameters: { sendTo: 'team@example.com' },
        credentials: { gmailOAuth2: { id: '12', name: 'Author Gmail' } },
      });
      w.connections!.Slack = { main: [[{ node: 'Gmail', type: 'main', index: 0 }]] };
    },
    mine: () => {},
    check: (r) => {
      expect(node(r.workflow, 'OpenAI').credentials).toEqual({
        openAiApi: { id: 'cred-openai-7', name: 'My OpenAI' },
      });
      expect(node(r.workflow, 'Gmail').credentials).toEqual({
        gmailOAuth2: { id: null, name: 'Author Gmail' },
      });
      expect(r.workflow.connections?.Slack).toEqual({ main: [[{ node: 'Gmail', type: 'main', index: 0 }]] });
    },
  },
  'webhook id and path stay the member’s when the update touches the webhook': {
    theirs: (w) => {
      node(w, 'Webhook').parameters!.httpMethod = 'PUT';
      node(w, 'Webhook').webhookId = 'cccccccc-0000-4000-8000-00000000000c';
      node(w, 'Webhook').parameters!.path = 'cccccccc-0000-4000-8000-00000000000c';
    },
    mine: () => {},
    check: (r) => {
      const hook = node(r.workflow, 'Webhook');
      expect(hook.webhookId).toBe('bbbbbbbb-0000-4000-8000-00000000000b');
      expect(hook.parameters).toEqual({ path: 'bbbbbbbb-0000-4000-8000-00000000000b', httpMethod: 'PUT' });
    },
  },
  'both add nodes: the member’s own node and the update’s new one are both there': {
    theirs: (w) => {
      w.nodes.push({ id: 'b7', name: 'Log', type: 'n8n-nodes-base.noOp', parameters: {} });
      w.connections!.Slack = { main: [[{ node: 'Log', type: 'main', index: 0 }]] };
    },
    mine: (w) => {
      w.nodes.push({ id: 'm1', name: 'Log', type: 'n8n-nodes-base.set', parameters: { mine: true } });
      w.connections!.Wait = {
        main: [
          [
            { node: 'Slack', type: 'main', index: 0 },
            { node: 'Log', type: 'main', index: 0 },
          ],
        ],
      };
    },
    check: (r) => {
      expect(r.collisions).toEqual([{ kind: 'name-taken', node: 'Log 1', wanted: 'Log' }]);
      expect(node(r.workflow, 'Log').type).toBe('n8n-nodes-base.set');
      expect(r.workflow.connections?.Slack).toEqual({ main: [[{ node: 'Log 1', type: 'main', index: 0 }]] });
    },
  },
};

/**
 * The inactive copy an update keeps of the member's workflow (template-update.ts): their nodes with
 * fresh webhook ids and paths (so it never clashes with the live one), credentials as bound.
 */
function keptCopy(mine: WorkflowJson): WorkflowJson {
  const copy = structuredClone(mine);
  copy.name = `${mine.name} (before update to v2)`;
  for (const n of copy.nodes as Node[])
    if (n.webhookId) {
      n.webhookId = 'cccccccc-0000-4000-8000-00000000000c';
      n.parameters = { ...n.parameters, path: 'cccccccc-0000-4000-8000-00000000000c' };
    }
  return copy;
}

/** A scenario's three workflows: the template as deployed, the new version, the member's copy in n8n. */
function inputsOf(s: Scenario) {
  const b = base();
  const theirs = structuredClone(b);
  s.theirs(theirs);
  const mine = deployed();
  s.mine(mine);
  return { b, theirs, mine };
}

describe('three-way merge of a template update', () => {
  let lost = 0;
  let scenarios = 0;
  for (const [name, s] of Object.entries(SCENARIOS)) {
    it(name, () => {
      scenarios++;
      const { b, theirs, mine } = inputsOf(s);
      const result = mergeWorkflows({ base: b, theirs, mine });
      s.check(result);
      const dropped = lostEdits(b, mine, result);
      lost += dropped.length;
      expect(dropped).toEqual([]);
      // Everything the new version changed and no one collided on is in the result.
      if (result.collisions.length === 0) {
        const left = diffGraphs(toGraph(theirs), toGraph(result.workflow)).changes.filter(
          (c) => c.kind !== 'parameter' || !result.keptEdits.some((k) => k.path === c.path),
        );
        expect(
          left.filter(
            (c) => c.kind !== 'node-added' && c.kind !== 'node-renamed' && c.kind !== 'connection-added',
          ),
        ).toEqual([]);
      }
    });
  }

  // Restore after each update: the live workflow gets the kept copy back, and with it everything the
  // member had, on the same nodes; the live workflow's webhook ids and credentials stay.
  for (const [name, s] of Object.entries(SCENARIOS)) {
    it(`restore after: ${name}`, () => {
      scenarios++;
      const { b, theirs, mine } = inputsOf(s);
      const updated = mergeWorkflows({ base: b, theirs, mine }).workflow;
      const restored = restoredWorkflow(keptCopy(mine), updated);
      expect(restored.name).toBe(updated.name);
      expect(diffGraphs(toGraph(mine), toGraph(restored)).changes).toEqual([]);
      const dropped = lostEdits(b, mine, { workflow: restored } as MergeResult);
      lost += dropped.length;
      expect(dropped).toEqual([]);
    });
  }

  it('restore after an update that renamed the webhook node: the member’s webhook URL and rebinding stay', () => {
    scenarios++;
    const b = base();
    const theirs = structuredClone(b);
    rename(theirs, 'Webhook', 'Incoming order');
    setModel(theirs, 'gpt-4o-mini');
    const mine = deployed();
    setChannel(mine, 'C_MEMBER');
    const updated = mergeWorkflows({ base: b, theirs, mine }).workflow;
    expect(node(updated, 'Incoming order').webhookId).toBe('bbbbbbbb-0000-4000-8000-00000000000b');
    // After the update the member binds another Slack credential in n8n: a restore keeps it.
    node(updated, 'Slack').credentials = { slackApi: { id: 'cred-slack-9', name: 'New Slack' } };
    const restored = restoredWorkflow(keptCopy(mine), updated);
    expect(node(restored, 'Webhook').webhookId).toBe('bbbbbbbb-0000-4000-8000-00000000000b');
    expect(node(restored, 'Webhook').parameters!.path).toBe('bbbbbbbb-0000-4000-8000-00000000000b');
    expect((node(restored, 'OpenAI').parameters!.modelId as { value: string }).value).toBe('gpt-3.5-turbo');
    expect(node(restored, 'Slack').credentials).toEqual({
      slackApi: { id: 'cred-slack-9', name: 'New Slack' },
    });
    node(restored, 'Slack').credentials = node(mine, 'Slack').credentials;
    const dropped = lostEdits(b, mine, { workflow: restored } as MergeResult);
    lost += dropped.length;
    expect(dropped).toEqual([]);
  });

  it('compares and merges a 50-node workflow well within 200 ms', () => {
    const big = (model: string, channel: string): WorkflowJson => {
      const nodes: Node[] = Array.from({ length: 50 }, (_, i) => ({
        id: `x${i}`,
        name: `Step ${i}`,
        type: i % 2 ? 'n8n-nodes-base.set' : '@n8n/n8n-nodes-langchain.openAi',
        typeVersion: 1,
        position: [i * 100, 0],
        parameters: {
          modelId: { __rl: true, value: model, mode: 'list' },
          channel: `${channel}-${i}`,
          assignments: {
            values: Array.from({ length: 8 }, (_, k) => ({ name: `f${k}`, value: `={{ $json.v${k} }}` })),
          },
        },
      }));
      return { nodes, connections: chain(...nodes.map((n) => n.name!)) };
    };
    const started = performance.now();
    const result = compareForUpdate({ base: big('a', 'c'), theirs: big('b', 'c'), mine: big('a', 'm') });
    const ms = performance.now() - started;
    console.log(`template update compare: 50 nodes in ${ms.toFixed(1)} ms`);
    expect(result.collisions).toBe(0);
    expect(result.nodes).toHaveLength(50);
    expect(ms).toBeLessThan(200);
  });

  it('prints the figure', () => {
    // Each update scenario, each restored after its update, and the renamed-webhook restore.
    console.log(`template updates: ${scenarios} scenarios, ${lost} lost edits`);
    expect(lost).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import type { CanvasModel, CanvasNode } from '#shared/schemas/canvas.ts';
import { boxHeight, buildCanvasModel, LABEL_SPACE, NODE_SIZE, SUBNODE_SIZE } from './canvas-model.ts';
import type { WorkflowJson } from './workflow-types.ts';

const lc = '@n8n/n8n-nodes-langchain';
const ai = (node: string, type: string) => ({ [type]: [[{ node, type, index: 0 }]] });

/** An agent with a model, memory, two tools and an output parser, as real files wire them. */
const agentWorkflow = (subPositions: Record<string, [number, number]> = {}): WorkflowJson => ({
  nodes: [
    { name: 'Chat', type: `${lc}.chatTrigger`, position: [0, 0] },
    { name: 'Agent', type: `${lc}.agent`, position: [200, 0], parameters: { text: 'hi' } },
    { name: 'Send', type: 'n8n-nodes-base.slack', position: [700, 0] },
    { name: 'Model', type: `${lc}.lmChatOpenAi`, position: subPositions.Model ?? [180, 260] },
    { name: 'Memory', type: `${lc}.memoryBufferWindow`, position: subPositions.Memory ?? [300, 260] },
    { name: 'Search', type: `${lc}.toolSerpApi`, position: subPositions.Search ?? [0, 0] },
    { name: 'Calc', type: `${lc}.toolCalculator`, position: subPositions.Calc ?? [0, 0] },
    { name: 'Parser', type: `${lc}.outputParserStructured`, position: subPositions.Parser ?? [600, 260] },
    {
      name: 'Read me',
      type: 'n8n-nodes-base.stickyNote',
      position: [-100, -200],
      parameters: { content: '## Set up\nAdd your **key**.', width: 900, height: 520, color: 5 },
    },
  ],
  connections: {
    Chat: { main: [[{ node: 'Agent', type: 'main', index: 0 }]] },
    Agent: { main: [[{ node: 'Send', type: 'main', index: 0 }]] },
    Model: ai('Agent', 'ai_languageModel'),
    Memory: ai('Agent', 'ai_memory'),
    Search: ai('Agent', 'ai_tool'),
    Calc: ai('Agent', 'ai_tool'),
    Parser: ai('Agent', 'ai_outputParser'),
  },
});

const byName = (m: CanvasModel, name: string): CanvasNode => m.nodes.find((n) => n.name === name)!;

describe('the canvas model', () => {
  it('draws nodes at their own positions as n8n sizes them, triggers and sub-nodes told apart', () => {
    const m = buildCanvasModel(agentWorkflow(), { member: true });
    expect(byName(m, 'Chat')).toMatchObject({
      kind: 'trigger',
      x: 0,
      y: 0,
      width: NODE_SIZE,
      height: NODE_SIZE,
    });
    expect(byName(m, 'Send')).toMatchObject({
      kind: 'node',
      label: 'Slack',
      icon: 'brand:logos-slack-icon',
      inputs: 1,
    });
    expect(byName(m, 'Model')).toMatchObject({ kind: 'subnode', width: SUBNODE_SIZE, outputs: 0, inputs: 0 });
    expect(byName(m, 'Chat')).toMatchObject({ inputs: 0, outputs: 1, icon: 'family:chat' });
  });

  it('gives the agent one labelled port per AI connection type, in n8n’s order, on its bottom edge', () => {
    const agent = byName(buildCanvasModel(agentWorkflow(), { member: false }), 'Agent');
    expect(agent.ports.map((p) => p.label)).toEqual(['Chat Model', 'Memory', 'Tool', 'Output Parser']);
    expect(agent.width).toBeGreaterThanOrEqual(4 * 64);
    const offsets = agent.ports.map((p) => p.offset);
    expect(offsets).toEqual([...offsets].sort((a, b) => a - b));
    expect(offsets.every((o) => o > 0 && o < agent.width)).toBe(true);
  });

  it('keeps sub-nodes drawn below their agent where they are and places the others under their port', () => {
    const m = buildCanvasModel(agentWorkflow(), { member: true });
    const agent = byName(m, 'Agent');
    const below = agent.y + agent.height + LABEL_SPACE;
    // Own positions below the agent are kept.
    expect(byName(m, 'Model')).toMatchObject({ x: 180, y: 260 });
    expect(byName(m, 'Parser')).toMatchObject({ x: 600, y: 260 });
    // The two tools had no position (0, 0: on the agent's row): both go under the Tool port, side by side.
    const tool = agent.ports.find((p) => p.type === 'ai_tool')!;
    const [search, calc] = [byName(m, 'Search'), byName(m, 'Calc')];
    expect(search.y).toBeGreaterThan(below);
    expect(calc.y).toBe(search.y);
    expect(search.x + search.width / 2).toBe(agent.x + tool.offset);
    expect(calc.x).toBeGreaterThanOrEqual(search.x + search.width);
    // Dashed AI edges run from each sub-node's top to the agent's port.
    const fromModel = m.edges.find((e) => e.source === byName(m, 'Model').id);
    expect(fromModel).toMatchObject({
      target: agent.id,
      type: 'ai_languageModel',
      sourceHandle: 'ai',
      targetHandle: 'ai_languageModel',
    });
  });

  it('draws sticky notes at their own size and colour; only members get their text and the parameters', () => {
    const member = buildCanvasModel(agentWorkflow(), { member: true });
    expect(byName(member, 'Read me')).toMatchObject({
      kind: 'sticky',
      x: -100,
      y: -200,
      width: 900,
      height: 520,
      color: 5,
      note: '## Set up\nAdd your **key**.',
    });
    expect(byName(member, 'Agent').parameters).toEqual({ text: 'hi' });
    const preview = buildCanvasModel(agentWorkflow(), { member: false });
    const text = JSON.stringify(preview);
    expect(text).not.toMatch(/Set up|parameters|"note"/);
    expect(byName(preview, 'Read me')).toMatchObject({ width: 900, height: 520, color: 5 });
    // A note without a size gets n8n's default.
    const plain = buildCanvasModel(
      { nodes: [{ name: 'N', type: 'n8n-nodes-base.stickyNote', position: [0, 0], parameters: {} }] },
      { member: true },
    );
    expect(plain.nodes[0]).toMatchObject({ width: 240, height: 160, color: 1 });
  });

  it('bounds hold every node, names and sticky notes included, after placement', () => {
    const m = buildCanvasModel(agentWorkflow({ Calc: [5000, -3000] }), { member: false });
    for (const n of m.nodes) {
      expect(n.x).toBeGreaterThanOrEqual(m.bounds.x);
      expect(n.y).toBeGreaterThanOrEqual(m.bounds.y);
      expect(n.x + n.width).toBeLessThanOrEqual(m.bounds.x + m.bounds.width);
      expect(n.y + boxHeight(n)).toBeLessThanOrEqual(m.bounds.y + m.bounds.height);
    }
    // The sticky note sets the top left; the agent's sub-nodes the bottom.
    expect([m.bounds.x, m.bounds.y]).toEqual([-100, -200]);
    const lowest = Math.max(...m.nodes.map((n) => n.y + boxHeight(n)));
    expect(m.bounds.y + m.bounds.height).toBe(lowest);
  });

  it('keeps multiple outputs and inputs, drops links to missing nodes, survives junk', () => {
    const m = buildCanvasModel(
      {
        nodes: [
          { name: 'If', type: 'n8n-nodes-base.if', position: [0, 0] },
          { name: 'A', type: 'n8n-nodes-base.set', position: [200, 0] },
          { name: 'Merge', type: 'n8n-nodes-base.merge', position: [400, 0] },
          { name: 'A', type: 'n8n-nodes-base.code', position: [200, 200] },
          { type: 'n8n-nodes-base.noOp', position: ['x', null] as unknown as number[] },
        ],
        connections: {
          If: {
            main: [
              [{ node: 'A', type: 'main', index: 0 }],
              [
                { node: 'Merge', type: 'main', index: 1 },
                { node: 'Gone', type: 'main', index: 0 },
              ],
            ],
          },
          Ghost: { main: [[{ node: 'A', type: 'main', index: 0 }]] },
        },
      },
      { member: true },
    );
    expect(m.nodes.map((n) => n.id)).toEqual(['n0', 'n1', 'n2', 'n3', 'n4']);
    expect(m.nodes[4]).toMatchObject({ name: 'Node 5', x: 0, y: 0 });
    expect(byName(m, 'If').outputs).toBe(2);
    expect(byName(m, 'Merge').inputs).toBe(2);
    expect(m.edges.map((e) => [e.source, e.target, e.sourceHandle, e.targetHandle])).toEqual([
      ['n0', 'n1', 'out-0', 'in-0'],
      ['n0', 'n2', 'out-1', 'in-1'],
    ]);
    expect(buildCanvasModel(null, { member: true })).toEqual({
      nodes: [],
      edges: [],
      bounds: { x: 0, y: 0, width: 0, height: 0 },
    });
  });
});

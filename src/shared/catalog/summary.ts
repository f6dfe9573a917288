import { integrationName } from './integrations.ts';
import { type NodeAction, nodeAction } from './node-actions.ts';
import { isTriggerNode, triggerPhrase } from './trigger-text.ts';
import { checkWiring, type Edge } from './wiring.ts';
import { isStickyNote, shortType, type WorkflowJson, type WorkflowNode } from './workflow-types.ts';

// The generated description of a workflow (decision 0012): the trigger in words, the main path in
// execution order with each app and operation, and what comes out. Deterministic; sticky notes are
// never read here (they are the author's notes, shown apart).

export const MAX_CARD_SUMMARY = 160;
const MAX_STEPS = 12;

export type GraphSummary = {
  /** "Every day at 09:00" (the primary trigger). */
  trigger: string;
  /** One sentence, at most 160 characters, for cards. */
  summary: string;
  /** A few sentences for the detail page (trigger, every app step, what comes out). */
  description: string;
  /** Numbered "How it works" steps, without the numbers. */
  steps: string[];
  /** Apps on the main path, in execution order. */
  apps: string[];
};

const pos = (n: WorkflowNode) => {
  const p = Array.isArray(n.position) ? n.position : [];
  return [Number(p[0]) || 0, Number(p[1]) || 0] as const;
};
const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

type Step = { node: WorkflowNode; action: NodeAction };

/** Triggers that only start a workflow for testing or from elsewhere rank after real ones. */
const TRIGGER_RANK: Record<string, number> = {
  manualTrigger: 3,
  start: 3,
  executeWorkflowTrigger: 2,
  errorTrigger: 2,
};

/** The primary trigger: the first real (event or schedule) trigger in node order, else the best other. */
function primaryTrigger(nodes: WorkflowNode[]): WorkflowNode | undefined {
  const rank = (n: WorkflowNode) => TRIGGER_RANK[shortType(n.type)] ?? 0;
  return nodes.filter(isTriggerNode).sort((a, b) => rank(a) - rank(b))[0];
}

/**
 * Nodes reachable from `starts` over main connections in n8n's (v1) execution order: a branch runs to
 * its end before the next, upper branches first; a node whose other inputs have not run yet waits.
 */
function executionOrder(starts: WorkflowNode[], byName: Map<string, WorkflowNode>, edges: Edge[]) {
  const out = new Map<string, string[]>();
  const inbound = new Map<string, Set<string>>();
  for (const e of edges) {
    if (e.kind !== 'main') continue;
    out.set(e.from, [...(out.get(e.from) ?? []), e.to]);
    inbound.set(e.to, (inbound.get(e.to) ?? new Set()).add(e.from));
  }
  const reachable = new Set<string>();
  const queue = starts.map((n) => n.name as string);
  while (queue.length) {
    const name = queue.shift()!;
    if (reachable.has(name)) continue;
    reachable.add(name);
    queue.push(...(out.get(name) ?? []));
  }
  const byPosition = (a: string, b: string) => {
    const [ax, ay] = pos(byName.get(a)!);
    const [bx, by] = pos(byName.get(b)!);
    return ay - by || ax - bx;
  };
  const done: string[] = [];
  const doneSet = new Set<string>();
  const ready = (name: string) =>
    [...(inbound.get(name) ?? [])].every((p) => doneSet.has(p) || !reachable.has(p));
  const stack = starts.map((n) => n.name as string).reverse();
  const waiting = new Set<string>();
  while (doneSet.size < reachable.size) {
    let name = stack.pop();
    if (name === undefined) {
      // A loop (split in batches) or a merge waiting on a loop: take the upper waiting node.
      name = [...waiting].filter((n) => !doneSet.has(n)).sort(byPosition)[0];
      if (name === undefined) name = [...reachable].filter((n) => !doneSet.has(n)).sort(byPosition)[0]!;
    } else if (doneSet.has(name)) continue;
    else if (!ready(name)) {
      waiting.add(name);
      continue;
    }
    doneSet.add(name);
    done.push(name);
    const children = [...new Set(out.get(name) ?? [])].filter((c) => !doneSet.has(c)).sort(byPosition);
    stack.push(...children.reverse());
  }
  return done.map((n) => byName.get(n)!);
}

/** The models, memory and tools plugged into an agent or chain, in words. */
function subNodesOf(name: string, edges: Edge[], byName: Map<string, WorkflowNode>): string {
  const parts: string[] = [];
  const of = (kind: string) =>
    edges.filter((e) => e.to === name && e.kind === kind).map((e) => byName.get(e.from)!);
  const label = (n: WorkflowNode) => integrationName(n.type) ?? (n.name as string);
  const models = [...new Set(of('ai_languageModel').map(label))];
  if (models.length) parts.push(`${listJoin(models)} model`);
  if (of('ai_memory').length) parts.push('memory');
  const tools = [...new Set(of('ai_tool').map(label))];
  if (tools.length) parts.push(`${tools.length === 1 ? 'tool' : 'tools'}: ${listJoin(tools.slice(0, 5))}`);
  const stores = [...new Set([...of('ai_vectorStore'), ...of('ai_retriever')].map(label))];
  if (stores.length) parts.push(`knowledge: ${listJoin(stores)}`);
  return parts.length ? ` (${parts.join('; ')})` : '';
}

function stepText(step: Step, edges: Edge[], byName: Map<string, WorkflowNode>): string {
  const extra = step.action.kind === 'ai' ? subNodesOf(step.node.name as string, edges, byName) : '';
  return `${capitalise(step.action.text)}${extra} ("${step.node.name}").`;
}

/** Numbered steps: the trigger, then the path with consecutive data steps grouped. */
function buildSteps(trigger: string, steps: Step[], edges: Edge[], byName: Map<string, WorkflowNode>) {
  const lines = [`${trigger}.`];
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.action.kind === 'data') {
      const group = [step];
      while (steps[i + 1]?.action.kind === 'data') group.push(steps[++i]!);
      if (group.length > 1) {
        const names = group.map((s) => `"${s.node.name}"`);
        const what = [...new Set(group.map((s) => s.action.text))];
        lines.push(
          `Prepares the data: ${listJoin(what)} (${listJoin(names.slice(0, 4))}${names.length > 4 ? ', …' : ''}).`,
        );
        continue;
      }
    }
    lines.push(stepText(step, edges, byName));
  }
  if (lines.length <= MAX_STEPS) return lines;
  const shown = lines.slice(0, MAX_STEPS - 1);
  return [...shown, `…and ${lines.length - shown.length} more steps (see the workflow).`];
}

/** "Every day at 09:00, it reads rows from Google Sheets and sends a message in Slack." within `max`. */
function sentence(trigger: string, actions: string[], max: number): string {
  if (actions.length === 0)
    return trigger.length + 1 <= max ? `${trigger}.` : `${trigger.slice(0, max - 1)}…`;
  for (let n = actions.length; n >= 1; n--) {
    const shown = actions.slice(0, n);
    const tail = n < actions.length ? `${shown.join(', ')} and more` : listJoin(shown);
    const text = `${trigger}, it ${tail}.`;
    if (text.length <= max) return text;
  }
  const text = `${trigger}, it ${actions[0]}`;
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

/** What comes out: the meaningful actions at the ends of the path. */
function outcome(order: Step[], edges: Edge[]): string {
  const inPath = new Set(order.map((s) => s.node.name));
  const hasNext = new Set(edges.filter((e) => e.kind === 'main' && inPath.has(e.to)).map((e) => e.from));
  const meaningful = (s: Step) =>
    s.action.kind === 'app' || s.action.kind === 'ai' || s.action.kind === 'http';
  let ends = order.filter((s) => !hasNext.has(s.node.name as string) && meaningful(s));
  if (ends.length === 0) ends = order.filter(meaningful).slice(-1);
  const texts = [...new Set(ends.map((s) => s.action.text))];
  if (texts.length === 0) return '';
  const shown = texts.slice(0, 3);
  return `In the end it ${listJoin(shown)}${texts.length > 3 ? ` (and ${texts.length - 3} more)` : ''}.`;
}

/** Summary, description and steps of `workflow`, from its graph only. */
export function summariseWorkflow(workflow: Pick<WorkflowJson, 'nodes' | 'connections'>): GraphSummary {
  const nodes = workflow.nodes.filter((n) => !isStickyNote(n) && typeof n.name === 'string');
  const byName = new Map(nodes.map((n) => [n.name as string, n]));
  const { edges } = checkWiring({ nodes, connections: workflow.connections });
  const subNodes = new Set(edges.filter((e) => e.kind !== 'main').map((e) => e.from));
  const trigger = primaryTrigger(nodes);
  const hasInput = new Set(edges.filter((e) => e.kind === 'main').map((e) => e.to));
  // Without a trigger (old files), n8n starts from the nodes nothing feeds: a manual run.
  const starts = trigger
    ? [trigger]
    : nodes.filter((n) => !hasInput.has(n.name as string) && !subNodes.has(n.name as string));
  const triggerText = trigger ? triggerPhrase(trigger) : 'When started by hand';
  const order = executionOrder(starts, byName, edges)
    .filter((n) => n !== trigger && !subNodes.has(n.name as string))
    .map((node) => ({ node, action: nodeAction(node) }))
    .filter((s) => s.action.kind !== 'skip');
  const important = order.filter((s) => s.action.kind !== 'data' && s.action.kind !== 'logic');
  const actions = [...new Set((important.length ? important : order).map((s) => s.action.text))];
  const apps = [...new Set(order.map((s) => s.action.app).filter((a): a is string => !!a))];
  const end = outcome(order, edges);
  const full = sentence(triggerText, actions, 1_000);
  return {
    trigger: triggerText,
    summary: sentence(triggerText, actions, MAX_CARD_SUMMARY),
    description: end ? `${full} ${end}` : full,
    steps: buildSteps(triggerText, order, edges, byName),
    apps,
  };
}

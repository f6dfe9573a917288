import { capitalise, distinctClauses, listJoin } from './english.ts';
import { integrationName } from './integrations.ts';
import { type NodeAction, nodeAction } from './node-actions.ts';
import { isTriggerNode, NO_TRIGGER_TEXT, triggerPhrase } from './trigger-text.ts';
import { checkWiring, type Edge } from './wiring.ts';
import { isStickyNote, shortType, type WorkflowJson, type WorkflowNode } from './workflow-types.ts';

// The generated description of a workflow (decisions 0012, 0022): the trigger in words, the main path
// in execution order with each app and operation, the alternatives of If/Switch branches and every
// further entry point, with no clause said twice. Deterministic; sticky notes are never read here
// (they are the author's notes; purpose.ts reads them).

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
  /** What it does, action first ("Gets … and sends … when …"): the purpose when no note states one. */
  purpose: string;
  /** The distinct actions of the first part, in order (for titles). */
  actions: string[];
  /** Nothing but triggers: a starter for the member's own steps. */
  starter: boolean;
};

const pos = (n: WorkflowNode) => {
  const p = Array.isArray(n.position) ? n.position : [];
  return [Number(p[0]) || 0, Number(p[1]) || 0] as const;
};

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
  if (models.length)
    parts.push(/ model$/i.test(listJoin(models)) ? listJoin(models) : `${listJoin(models)} model`);
  if (of('ai_memory').length) parts.push('memory');
  const tools = [...new Set(of('ai_tool').map(label))];
  if (tools.length) parts.push(`${tools.length === 1 ? 'tool' : 'tools'}: ${listJoin(tools.slice(0, 5))}`);
  const stores = [...new Set([...of('ai_vectorStore'), ...of('ai_retriever')].map(label))];
  if (stores.length) parts.push(`knowledge: ${listJoin(stores)}`);
  return parts.length ? ` (${parts.join('; ')})` : '';
}

type Branching = {
  node: WorkflowNode;
  /** Per output: the meaningful actions only that output leads to. */
  alternatives: string[][];
  labels: string[];
  /** Per output: the earlier step it leads back to (a retry loop: "Approve?" false → "Set Email"). */
  back: (string | null)[];
};

const meaningful = (a: NodeAction) => a.kind === 'app' || a.kind === 'ai' || a.kind === 'http';

/** The labels of an If/Switch node's outputs ("true"/"false", a Switch rule's output name, "route 2"). */
function outputLabels(node: WorkflowNode, count: number): string[] {
  const short = shortType(node.type);
  if (short === 'if' || short === 'filter') return ['true', 'false'];
  const p = (node.parameters ?? {}) as Record<string, unknown>;
  const rules = ((p.rules as { values?: unknown[]; rules?: unknown[] } | undefined)?.values ??
    (p.rules as { rules?: unknown[] } | undefined)?.rules ??
    []) as { outputKey?: unknown; renameOutput?: unknown }[];
  return Array.from({ length: count }, (_, i) => {
    const key = rules[i]?.outputKey;
    return typeof key === 'string' && key.trim() && !key.startsWith('=')
      ? `"${key.trim()}"`
      : `route ${i + 1}`;
  });
}

/** If and Switch nodes whose outputs lead to different actions, with what each output does on its own. */
function branchings(order: Step[], edges: Edge[]): { list: Branching[]; exclusive: Map<string, string> } {
  const out = new Map<string, Edge[]>();
  for (const e of edges) if (e.kind === 'main') out.set(e.from, [...(out.get(e.from) ?? []), e]);
  const stepOf = new Map(order.map((s) => [s.node.name as string, s]));
  const index = new Map(order.map((s, i) => [s.node.name as string, i]));
  // What an output reaches, never through its own If/Switch again (a loop back to it).
  const reach = (starts: string[], via: string) => {
    const seen = new Set<string>();
    const queue = [...starts];
    while (queue.length) {
      const n = queue.shift()!;
      if (seen.has(n) || n === via) continue;
      seen.add(n);
      for (const e of out.get(n) ?? []) queue.push(e.to);
    }
    return seen;
  };
  const list: Branching[] = [];
  /** Node name → the branch it runs in only ("only when "IF" is true"). */
  const exclusive = new Map<string, string>();
  for (const step of order) {
    const short = shortType(step.node.type);
    if (short !== 'if' && short !== 'switch') continue;
    const links = out.get(step.node.name as string) ?? [];
    // An If always has a false output, wired or not: an unwired one means "nothing more".
    const count = Math.max(short === 'if' ? 2 : 0, ...links.map((e) => e.output + 1));
    if (count < 2) continue;
    const at = index.get(step.node.name as string) ?? -1;
    const reaches = Array.from({ length: count }, (_, i) =>
      reach(
        links.filter((e) => e.output === i).map((e) => e.to),
        step.node.name as string,
      ),
    );
    // An output that leads back to a step that ran before the condition repeats it: a loop (a retry,
    // the next batch), not a branch of its own.
    const back = reaches.map((r) => [...r].find((n) => (index.get(n) ?? Infinity) <= at) ?? null);
    const common = new Set(
      [...reaches.flatMap((r) => [...r])].filter((n) => reaches.filter((r) => r.has(n)).length > 1),
    );
    const labels = outputLabels(step.node, count);
    const alternatives = reaches.map((r, i) => {
      // Only steps after the condition belong to a route: those before it ran whatever it decides.
      const own = order.filter(
        (s, j) => j > at && r.has(s.node.name as string) && !common.has(s.node.name as string),
      );
      for (const s of own)
        if (!exclusive.has(s.node.name as string))
          exclusive.set(s.node.name as string, `"${step.node.name}": ${labels[i]}`);
      const acts = distinctClauses(own.filter((s) => meaningful(s.action)).map((s) => s.action.text));
      // The first two and the last: where a branch ends is what it is for.
      return acts.length > 3 ? [acts[0]!, acts[1]!, acts[acts.length - 1]!] : acts;
    });
    // Nothing to tell when no route acts and every route ends alike (all go on to the same step).
    if (alternatives.every((a) => a.length === 0) && new Set(back).size === 1) continue;
    if (stepOf.has(step.node.name as string)) list.push({ node: step.node, alternatives, labels, back });
  }
  return { list, exclusive };
}

/** "If "IF" holds, it creates a meeting in Zoom; otherwise it does nothing more." */
function branchSentence(b: Branching): string {
  const what = (a: string[], i = -1) =>
    a.length ? `it ${listJoin(a)}` : b.back[i] ? `it goes back to "${b.back[i]}"` : 'it does nothing more';
  if (shortType(b.node.type) === 'if' && b.alternatives.length === 2) {
    return `If "${b.node.name}" holds, ${what(b.alternatives[0]!, 0)}; otherwise ${what(b.alternatives[1]!, 1)}.`;
  }
  const routes = b.alternatives
    .map((a, i) => (a.length || b.back[i] ? `on ${b.labels[i]}, ${what(a, i)}` : null))
    .filter((x): x is string => x !== null);
  return `Depending on "${b.node.name}": ${routes.join('; ')}.`;
}

function stepText(
  step: Step,
  edges: Edge[],
  byName: Map<string, WorkflowNode>,
  branch: Map<string, Branching>,
  only: Map<string, string>,
): string {
  const extra = step.action.kind === 'ai' ? subNodesOf(step.node.name as string, edges, byName) : '';
  const b = branch.get(step.node.name as string);
  if (b) {
    const alt = branchSentence(b).replace(/\.$/, '');
    return `${capitalise(step.action.text)} ("${step.node.name}"): ${alt.charAt(0).toLowerCase()}${alt.slice(1)}.`;
  }
  const when = only.get(step.node.name as string);
  return `${capitalise(step.action.text)}${extra} ("${step.node.name}"${when ? `; only on ${when}` : ''}).`;
}

/** Numbered steps: the trigger, then the path with consecutive data steps grouped. */
function buildSteps(
  trigger: string,
  steps: Step[],
  edges: Edge[],
  byName: Map<string, WorkflowNode>,
  branch: Map<string, Branching>,
  only: Map<string, string>,
) {
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
    lines.push(stepText(step, edges, byName, branch, only));
  }
  return lines;
}

/** Steps that only shape data or steer the flow, without alternatives of their own to tell. */
const PLUMBING =
  /^(Prepares the data|Sets fields|Merges the branches|Loops over|Waits|Runs custom code|Formats dates|Converts|Splits|Combines|Sorts|Keeps the first|Removes duplicates|Reshapes|Renames|Compares|Hashes|Zips|Reads the contents|Turns the data|Extracts data from HTML|Reads a file|Reads files|Writes a file|Reads or writes|Summarises the items|Runs a shell command|(Checks a condition|Routes items by rules|Keeps only matching items) \([^:]*$)/;

/**
 * At most 12 lines: past that, plumbing steps go first (latest first), so the apps, the branches and
 * the entry points stay in view; then the tail is cut. The last line counts what is not shown.
 */
function capSteps(lines: string[]): string[] {
  if (lines.length <= MAX_STEPS) return lines;
  const kept = [...lines];
  let hidden = 0;
  for (let i = kept.length - 1; i > 0 && kept.length > MAX_STEPS - 1; i--) {
    if (PLUMBING.test(kept[i]!)) {
      kept.splice(i, 1);
      hidden++;
    }
  }
  const shown = kept.slice(0, MAX_STEPS - 1);
  hidden += kept.length - shown.length;
  return [...shown, `…and ${hidden} more steps (see the workflow).`];
}

/** "Every day at 09:00, it reads rows from Google Sheets and sends a message in Slack." within `max`. */
function sentence(
  trigger: string,
  actions: string[],
  max: number,
  starter = false,
  conditions: Map<string, string> = new Map(),
): string {
  if (actions.length === 0) {
    // Say what follows the trigger rather than leave a sentence without a verb: nothing yet (a
    // starter), or nodes that are not wired to it.
    const text = starter
      ? `${trigger}, it starts; the steps after that are yours to add.`
      : `${trigger}, it starts; the other nodes are not connected to it.`;
    if (text.length <= max) return text;
    return trigger.length + 1 <= max ? `${trigger}.` : `${trigger.slice(0, max - 1)}…`;
  }
  // A last clause that holds under a condition reads as one: "…; if "Approve?" holds, it sends …".
  const cond = conditions.get(actions[actions.length - 1]!);
  if (cond) {
    const rest = actions.slice(0, -1);
    const text = rest.length ? `${trigger}, it ${listJoin(rest)}; ${cond}.` : `${trigger}: ${cond}.`;
    if (text.length <= max) return text;
  }
  for (let n = actions.length; n >= 1; n--) {
    const shown = actions.slice(0, n);
    const tail = n < actions.length ? `${shown.join(', ')} and more` : listJoin(shown);
    const text = `${trigger}, it ${tail}.`;
    if (text.length <= max) return text;
  }
  const text = `${trigger}, it ${actions[0]}`;
  return `${text.slice(0, max - 1).trimEnd()}…`;
}

/** The clauses of a part: its actions in order, a branch's alternatives as one "either … or …" clause. */
function partClauses(
  order: Step[],
  list: Branching[],
  only: Map<string, string>,
): { clauses: string[]; conditions: Map<string, string> } {
  const clauses: string[] = [];
  /** Clause → the same, condition first ("if "Approve?" holds, it sends an email (SMTP)"). */
  const conditions = new Map<string, string>();
  const said = new Set<string>();
  const byNode = new Map(list.map((b) => [b.node.name as string, b]));
  const say = (clause: string, actions: string[]) => {
    clauses.push(clause);
    for (const a of actions) said.add(a);
  };
  for (const s of order) {
    const b = byNode.get(s.node.name as string);
    if (b) {
      const isIf = shortType(b.node.type) === 'if';
      const alts = b.alternatives.map((a) => a.filter((x) => !said.has(x)));
      // What more than one route does is said once: plainly when every route does it.
      const lifted = [...new Set(alts.flat())].filter((x) => alts.filter((a) => a.includes(x)).length > 1);
      const everywhere = lifted.filter((x) => alts.every((a) => a.includes(x)));
      const some = lifted.filter((x) => !everywhere.includes(x));
      for (const x of everywhere) say(x, [x]);
      if (some.length) say(`${listJoin(some)} on some routes of "${b.node.name}"`, some);
      const own = alts.map((a) => a.filter((x) => !lifted.includes(x)));
      const routes = own.flatMap((a, i) => (a.length ? [{ text: listJoin(a), i }] : []));
      if (routes.length >= 2)
        say(
          `either ${listJoin(
            routes.map((r) => r.text),
            'or',
          )}`,
          own.flat(),
        );
      else if (routes.length === 1) {
        const { text, i } = routes[0]!;
        const clause = isIf
          ? `${text} ${i === 0 ? 'if' : 'unless'} "${b.node.name}" holds`
          : `${text} on the ${b.labels[i]} route of "${b.node.name}"`;
        say(clause, own.flat());
        if (isIf) {
          const other = b.back[1 - i];
          conditions.set(
            clause,
            `if "${b.node.name}" ${i === 0 ? 'holds' : 'does not hold'}, it ${text}${
              other ? `; otherwise it goes back to "${other}"` : ''
            }`,
          );
        }
      }
      continue;
    }
    if (!meaningful(s.action) || only.has(s.node.name as string)) continue;
    if (said.has(s.action.text)) continue;
    say(s.action.text, [s.action.text]);
  }
  if (clauses.length === 0) {
    const plumbing = order.filter((s) => s.action.kind !== 'skip').map((s) => s.action.text);
    return { clauses: distinctClauses(plumbing).slice(0, 3), conditions };
  }
  return { clauses: distinctClauses(clauses), conditions };
}

type Part = {
  triggerText: string;
  order: Step[];
  clauses: string[];
  conditions: Map<string, string>;
  steps: string[];
};

/** Summary, description and steps of `workflow`, from its graph only. */
export function summariseWorkflow(workflow: Pick<WorkflowJson, 'nodes' | 'connections'>): GraphSummary {
  const nodes = workflow.nodes.filter((n) => !isStickyNote(n) && typeof n.name === 'string');
  const byName = new Map(nodes.map((n) => [n.name as string, n]));
  const { edges } = checkWiring({ nodes, connections: workflow.connections });
  const subNodes = new Set(edges.filter((e) => e.kind !== 'main').map((e) => e.from));
  const trigger = primaryTrigger(nodes);
  const hasInput = new Set(edges.filter((e) => e.kind === 'main').map((e) => e.to));
  // Without a trigger (old files), the steps run from the nodes nothing feeds, once one is added.
  const starts = trigger
    ? [trigger]
    : nodes.filter((n) => !hasInput.has(n.name as string) && !subNodes.has(n.name as string));
  const covered = new Set<string>();
  const makePart = (triggerNode: WorkflowNode | undefined, from: WorkflowNode[], text: string): Part => {
    const order = executionOrder(from, byName, edges)
      .filter((n) => !covered.has(n.name as string))
      .filter((n) => n !== triggerNode && !subNodes.has(n.name as string))
      .map((node) => ({ node, action: nodeAction(node) }))
      .filter((s) => s.action.kind !== 'skip');
    for (const s of order) covered.add(s.node.name as string);
    const { list, exclusive } = branchings(order, edges);
    const branch = new Map(list.map((b) => [b.node.name as string, b]));
    return {
      triggerText: text,
      order,
      ...partClauses(order, list, exclusive),
      steps: buildSteps(text, order, edges, byName, branch, exclusive),
    };
  };
  const parts = [makePart(trigger, starts, trigger ? triggerPhrase(trigger) : NO_TRIGGER_TEXT)];
  // Every further entry point that runs nodes the first part does not: an ingestion half beside a
  // chat half, an error handler, a second schedule.
  if (trigger) {
    for (const other of nodes.filter((n) => isTriggerNode(n) && n !== trigger)) {
      const part = makePart(other, [other], triggerPhrase(other));
      if (part.order.length > 0) parts.push(part);
    }
  }
  const first = parts[0]!;
  const starter = nodes.every(isTriggerNode);
  const allOrder = parts.flatMap((p) => p.order);
  const apps = [...new Set(allOrder.map((s) => s.action.app).filter((a): a is string => !!a))];
  const sentences = parts.map((p, i) =>
    i === 0
      ? sentence(p.triggerText, p.clauses, 1_000, starter, p.conditions)
      : sentence(p.triggerText, p.clauses, 1_000, starter, p.conditions).replace(/, it /, ', it also '),
  );
  const steps = parts.flatMap((p, i) =>
    i === 0 ? p.steps : [`${p.steps[0]!.replace(/\.$/, '')} (entry point ${i + 1}).`, ...p.steps.slice(1)],
  );
  const purposeClauses = first.clauses.slice(0, 3);
  const when = first.triggerText.charAt(0).toLowerCase() + first.triggerText.slice(1);
  const purpose = purposeClauses.length
    ? `${capitalise(listJoin(purposeClauses))} ${/^(when|every|at|on|once)\b/.test(when) ? when : `when ${when}`}.`
    : `${first.triggerText}.`;
  return {
    trigger: first.triggerText,
    summary: sentence(first.triggerText, first.clauses, MAX_CARD_SUMMARY, starter, first.conditions),
    description: sentences.join(' '),
    steps: capSteps(steps),
    apps,
    purpose,
    actions: first.clauses,
    starter,
  };
}

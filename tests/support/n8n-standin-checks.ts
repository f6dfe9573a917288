// What the n8n 2.x stand-in checks, written from n8n 2.40.7's own code (n8n-workflow's
// workflow-structure-validation.js and node-validation.js, n8n's workflow-validation.service.js):
// - on create: no two nodes share a name or an id (400 with n8n's words);
// - on publish, for every enabled node that is connected or a trigger: the node type exists in this
//   release and is not excluded by default ("Node type not found"), every credential the node needs
//   has an id ("Missing required credential: …" / "Credential not configured: …"), and required
//   parameters are filled ("Missing or invalid required parameters: …"); then the refusal text
//   "Cannot publish workflow: N node(s) have configuration issues:" with one block per node.
// Node types and exclusions come from the table generated from n8n's packages; which credential a
// node needs from the credential table (also generated from n8n's metadata). Required parameters:
// n8n derives them from each node's full description, which the tables do not carry, so the
// stand-in knows a few by hand (REQUIRED_PARAMETERS) — enough to exercise the refusal path.
import { credentialFor, tableCredentials } from '#shared/catalog/credentials.ts';
import { loadedNode, n8nNode, n8nRelease } from '#shared/catalog/n8n-nodes.ts';
import type { WorkflowNode } from '#shared/catalog/workflow-types.ts';

type Node = Record<string, unknown> & { name: string; type: string };
type Connections = Record<string, Record<string, ({ node: string }[] | null)[]>>;

/** Parameters n8n requires on a few common nodes (n8n's descriptions mark them `required: true`). */
export const REQUIRED_PARAMETERS: Record<string, (parameters: Record<string, unknown>) => string[]> = {
  // chatId shows for messages (the default resource) and chats, not for files or callbacks.
  'n8n-nodes-base.telegram': (p) =>
    ['message', 'chat'].includes(String(p.resource ?? 'message')) ? ['chatId'] : [],
  'n8n-nodes-base.httpRequest': () => ['url'],
};

const TRIGGER = /trigger$|\.webhook$|\.cron$|\.interval$|\.start$/i;

/** n8n's structure check on create: duplicate ids and names, in its words (as 2.40.7 answers). */
export function structureIssues(nodes: Node[]): string[] {
  const issues: string[] = [];
  const names = new Set<string>();
  const byId = new Map<string, string>();
  nodes.forEach((node, index) => {
    const id = typeof node.id === 'string' ? node.id : '';
    if (id) {
      const first = byId.get(id);
      if (first === undefined) byId.set(id, node.name);
      else
        issues.push(
          `nodes[${index}].id (duplicate_node_id): Nodes "${first}" and "${node.name}" share the node ID "${id}"`,
        );
    }
    if (names.has(node.name))
      issues.push(`nodes[${index}].name (duplicate_node_name): Duplicate node name "${node.name}"`);
    else names.add(node.name);
  });
  return issues;
}

function connectedNames(connections: Connections): Set<string> {
  const out = new Set<string>();
  for (const [source, outputs] of Object.entries(connections ?? {})) {
    for (const slots of Object.values(outputs ?? {})) {
      for (const slot of slots ?? []) {
        for (const target of slot ?? []) {
          out.add(source);
          out.add(target.node);
        }
      }
    }
  }
  return out;
}

const empty = (v: unknown) => v === undefined || v === null || v === '';

/** The publish check of n8n 2.x for one release: null when it would publish, else n8n's refusal text. */
export function publishRefusal(
  workflow: { nodes: Node[]; connections: Connections },
  release: string,
): string | null {
  const enabled = workflow.nodes.filter((n) => n.disabled !== true);
  if (!enabled.some((n) => TRIGGER.test(n.type))) {
    return 'Workflow cannot be activated because it has no trigger node. At least one active trigger, poll trigger, webhook trigger, or schedule trigger node is required.';
  }
  const connected = connectedNames(workflow.connections);
  const excluded = n8nRelease(release)?.excludedByDefault ?? [];
  // A node type n8n did not load (removed, excluded, community) stops publishing before the checks.
  const unknown = enabled.find(
    (n) =>
      n.type !== 'n8n-nodes-base.stickyNote' &&
      (!loadedNode(n.type)?.versions[release] || excluded.includes(n.type)),
  );
  if (unknown) return `Unrecognized node type: ${unknown.type}`;
  const found: { nodeName: string; issues: string[] }[] = [];
  for (const node of enabled) {
    if (node.type === 'n8n-nodes-base.stickyNote') continue;
    const known = loadedNode(node.type)?.versions[release];
    if (!known || excluded.includes(node.type)) {
      found.push({ nodeName: node.name, issues: ['Node type not found'] });
      continue;
    }
    if (!connected.has(node.name) && !TRIGGER.test(node.type)) continue;
    const issues: string[] = [];
    // The table merges a node's versions (Calendly Trigger 1 takes an API key or OAuth2, 2 only
    // OAuth2): a credential the node names that its type can use is the one n8n checks.
    const named = Object.keys((node.credentials as Record<string, unknown> | undefined) ?? {});
    const needed =
      named.find((type) => tableCredentials(node.type).includes(type)) ?? credentialFor(node as WorkflowNode);
    if (needed) {
      const ref = (node.credentials as Record<string, { id?: unknown }> | undefined)?.[needed];
      // n8n 2.40.7 names the credential type (its descriptions carry no display name here).
      const display = needed;
      if (!ref) issues.push(`Missing required credential: ${display}`);
      // Like n8n: only an empty id counts (a made-up id is stored on create and passes here).
      else if (!ref.id) issues.push(`Credential not configured: ${display}`);
    }
    const parameters = (node.parameters ?? {}) as Record<string, unknown>;
    const missing = (REQUIRED_PARAMETERS[node.type]?.(parameters) ?? []).filter((p) => empty(parameters[p]));
    if (missing.length) issues.push(`Missing or invalid required parameters: ${missing.join(', ')}`);
    if (issues.length) found.push({ nodeName: node.name, issues });
  }
  if (found.length === 0) return null;
  const blocks = found.map(
    (f) => `Node "${f.nodeName}":\n${f.issues.map((issue) => `  - ${issue}`).join('\n')}`,
  );
  return `Cannot publish workflow: ${found.length} node${found.length === 1 ? '' : 's'} have configuration issues:\n\n${blocks.join('\n\n')}`;
}

/**
 * n8n 2.40.7's sub-workflow check on publish (workflow-validation.service.js,
 * validateSubWorkflowReferences), after the node checks: every enabled Execute Workflow node whose
 * source is the database and whose workflow id is fixed must call a workflow that exists and is
 * published (the workflow itself counts as published). Null when it would publish.
 */
export function subWorkflowRefusal(
  workflow: { id: string; nodes: Node[] },
  lookup: (id: string) => { name: string; published: boolean } | undefined,
): string | null {
  const refused: string[] = [];
  for (const node of workflow.nodes) {
    if (node.type !== 'n8n-nodes-base.executeWorkflow' || node.disabled === true) continue;
    const parameters = (node.parameters ?? {}) as Record<string, unknown>;
    const raw = parameters.workflowId;
    const id =
      typeof raw === 'object' && raw !== null && 'value' in raw
        ? (raw as { value: unknown }).value
        : typeof raw === 'string'
          ? raw
          : undefined;
    const source = typeof parameters.source === 'string' ? parameters.source : undefined;
    if (typeof id !== 'string' || !id || id.startsWith('=') || (source && source !== 'database')) continue;
    if (id === workflow.id) continue;
    const found = lookup(id);
    if (found?.published) continue;
    refused.push(
      `Node "${node.name}" references workflow ${id}${found ? ` ("${found.name}")` : ''} which is not published`,
    );
  }
  return refused.length
    ? `Cannot publish workflow: ${refused.join('; ')}. Please publish all referenced sub-workflows first.`
    : null;
}

import { integrationName } from './integrations.ts';
import { isTriggerNode } from './trigger-text.ts';
import { isStickyNote, shortType, type WorkflowNode } from './workflow-types.ts';

/** Working nodes: sticky notes are canvas annotations, not steps. */
export function countNodes(nodes: WorkflowNode[]): number {
  return nodes.filter((n) => !isStickyNote(n)).length;
}

// Deployability is judged by the graph in readiness.ts (decision 0023), not by node count.

const TRIGGER_NAMES: Record<string, string> = {
  manualTrigger: 'Manual',
  start: 'Manual',
  webhook: 'Webhook',
  formTrigger: 'Form submission',
  chatTrigger: 'Chat message',
  scheduleTrigger: 'Schedule',
  cron: 'Schedule',
  interval: 'Schedule',
  executeWorkflowTrigger: 'Called by another workflow',
  errorTrigger: 'Workflow error',
  emailReadImap: 'Incoming email',
  mcpTrigger: 'MCP request',
};

function triggerOf(node: WorkflowNode): string | null {
  const short = shortType(node.type);
  if (TRIGGER_NAMES[short]) return TRIGGER_NAMES[short];
  if (short.endsWith('Trigger')) {
    const app = integrationName(node.type);
    return app ? `${app} event` : 'Event';
  }
  return null;
}

/** How the workflow starts: the first trigger node in the list, else "Manual". */
export function deriveTriggerType(nodes: WorkflowNode[]): string {
  const triggers = nodes.map(triggerOf).filter((t): t is string => t !== null);
  // A manual trigger beside a real one is only for testing: prefer the real one.
  return triggers.find((t) => t !== 'Manual') ?? triggers[0] ?? 'Manual';
}

// The checklist lives in credentials.ts (node types completed from n8n's metadata); re-exported here.
export { deriveCredentials, type RequiredCredential } from './credentials.ts';

function position(node: WorkflowNode): [number, number] {
  const p = node.position;
  const x = Array.isArray(p) && typeof p[0] === 'number' ? p[0] : 0;
  const y = Array.isArray(p) && typeof p[1] === 'number' ? p[1] : 0;
  return [x, y];
}

/** The non-empty sticky notes in canvas order (left to right, then top to bottom). */
function authorNoteNodes(
  nodes: WorkflowNode[],
): { node: WorkflowNode; pos: [number, number]; text: string }[] {
  return nodes
    .filter(isStickyNote)
    .map((n) => ({ node: n, pos: position(n), text: String(n.parameters?.content ?? '').trim() }))
    .filter((n) => n.text.length > 0)
    .sort((a, b) => a.pos[0] - b.pos[0] || a.pos[1] - b.pos[1]);
}

/** The author's notes: every non-empty sticky note as its Markdown, in canvas order (decision 0012). */
export function authorNotesOf(nodes: WorkflowNode[]): string[] {
  return authorNoteNodes(nodes).map((n) => n.text);
}

/**
 * Per author note (in the order of authorNotesOf): the names of the nodes placed on it, their top-left
 * corner inside its rectangle (n8n's default note size is 240 by 160).
 */
export function notedNodesOf(nodes: WorkflowNode[], connections: unknown = {}): string[][] {
  // Models, memory and tools plugged into an agent belong to it: they are not a node of their own here.
  // Nor is the trigger: the overview note often sits around where the workflow starts.
  const plugged = new Set(
    Object.entries((connections ?? {}) as Record<string, Record<string, unknown>>)
      .filter(([, kinds]) =>
        Object.entries(kinds ?? {}).some(
          ([kind, outs]) => kind !== 'main' && Array.isArray(outs) && outs.length > 0,
        ),
      )
      .map(([from]) => from),
  );
  const others = nodes.filter(
    (n) => !isStickyNote(n) && !isTriggerNode(n) && typeof n.name === 'string' && !plugged.has(n.name),
  );
  return authorNoteNodes(nodes).map(({ node, pos: [x, y] }) => {
    const w = Number(node.parameters?.width) || 240;
    const h = Number(node.parameters?.height) || 160;
    return others
      .filter((n) => {
        const [nx, ny] = position(n);
        return nx >= x && nx <= x + w && ny >= y && ny <= y + h;
      })
      .map((n) => n.name as string);
  });
}

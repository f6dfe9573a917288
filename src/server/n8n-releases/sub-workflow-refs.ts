// Sub-workflows a template calls by id (issue 39). An Execute Workflow node that names a workflow of
// the template author's n8n ("1004", "afeVlIVyoIF8Psu4") cannot work in the member's n8n until that
// workflow is imported there and picked in the node, and n8n 2.x refuses to publish until it is
// published ("Node … references workflow … which is not published"). The verification on n8n 2.40.7
// found this on the reference corpus; the member is told before deploying, not only after.
// Which references n8n checks follows its own rule (workflow-validation.service.js,
// validateSubWorkflowReferences): enabled Execute Workflow nodes whose source is the database (the
// default) and whose workflow id is fixed, not an expression.
import type { NodeIssue } from './node-availability.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

export const EXECUTE_WORKFLOW_TYPE = 'n8n-nodes-base.executeWorkflow';

export type SubWorkflowRef = { node: string; workflowId: string; workflowName: string | null };

/** The fixed sub-workflow ids the template's Execute Workflow nodes call, as n8n 2.x checks them. */
export function subWorkflowRefs(
  nodes: { name?: unknown; type?: unknown; disabled?: unknown; parameters?: unknown }[],
): SubWorkflowRef[] {
  const refs: SubWorkflowRef[] = [];
  for (const node of nodes) {
    if (node.type !== EXECUTE_WORKFLOW_TYPE || node.disabled === true) continue;
    const parameters = isObject(node.parameters) ? node.parameters : {};
    if (typeof parameters.source === 'string' && parameters.source !== 'database') continue;
    const raw = parameters.workflowId;
    // n8n reads `value` of a resource locator ({__rl, mode, value, cachedResultName}) or the string.
    const id = isObject(raw) && 'value' in raw ? raw.value : raw;
    if (typeof id !== 'string' || id === '' || id.startsWith('=')) continue;
    const cached =
      isObject(raw) && typeof raw.cachedResultName === 'string' ? raw.cachedResultName.trim() : '';
    refs.push({ node: String(node.name ?? node.type), workflowId: id, workflowName: cached || null });
  }
  return refs;
}

/**
 * One notice per referenced workflow, in the words of the node report (preflight's `nodeIssues`):
 * what to do in n8n, and that publishing waits for it.
 */
export function subWorkflowIssues(
  nodes: { name?: unknown; type?: unknown; disabled?: unknown; parameters?: unknown }[],
): NodeIssue[] {
  const byId = new Map<string, { nodes: string[]; name: string | null }>();
  for (const ref of subWorkflowRefs(nodes)) {
    const entry = byId.get(ref.workflowId) ?? { nodes: [], name: ref.workflowName };
    entry.nodes.push(ref.node);
    byId.set(ref.workflowId, entry);
  }
  return [...byId].map(([id, { nodes, name }]) => {
    const which = name ? `“${name}” (id ${id} there)` : `id ${id}`;
    const these = nodes.length === 1 ? 'this node' : 'these nodes';
    return {
      code: 'sub-workflow' as const,
      nodes,
      type: EXECUTE_WORKFLOW_TYPE,
      message: `${nodes.map((n) => `“${n}”`).join(', ')}: calls a sub-workflow of the template author’s n8n, ${which}. Import that workflow into your n8n, publish it, then select it in ${these}; until then the call fails and n8n 2.x refuses to publish this workflow.`,
    };
  });
}

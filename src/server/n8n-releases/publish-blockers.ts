// What keeps a template from publishing on an n8n line that the set-up wizard cannot fix (issue 39,
// decision 0024): a node the release removed, turns off by default or does not ship (community), and a
// sub-workflow of the author's n8n. Told on the detail page to every member before deploying, from
// the node table alone (no instance needed); preflight says the same for the member's own instance.
import { type NodeIssue, nodeIssuesFor, tableReleaseFor } from './node-availability.ts';
import { subWorkflowIssues } from './sub-workflow-refs.ts';

type NodeLike = {
  name?: unknown;
  type?: unknown;
  typeVersion?: unknown;
  disabled?: unknown;
  parameters?: unknown;
};

const BLOCKING = new Set(['node-removed', 'node-excluded', 'community-node']);

/**
 * The blockers of `nodes` on the table release standing for `n8nVersion` (null: the newest 2.x).
 * `Start` is left out: preflight replaces it with a Manual Trigger, as n8n 2.x needs.
 */
export function publishBlockers(
  nodes: NodeLike[],
  n8nVersion: string | null,
): { release: string; issues: NodeIssue[] } {
  const release = tableReleaseFor(n8nVersion, true);
  const kept = nodes.filter((n) => n.type !== 'n8n-nodes-base.start');
  return {
    release,
    issues: [...nodeIssuesFor(kept, release).filter((i) => BLOCKING.has(i.code)), ...subWorkflowIssues(kept)],
  };
}

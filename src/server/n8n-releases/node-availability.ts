// Which of a template's nodes a member's n8n has, per n8n release (issue 39, decision 0024): the node
// table generated from n8n's own packages (src/shared/catalog/n8n-nodes.json) says which node types
// and type versions each release has and which it leaves out by default (NODES_EXCLUDE). Server-side
// only: the table stays out of the web bundle.
import { loadedNode, N8N_TABLE_RELEASES, n8nNode, n8nRelease } from '#shared/catalog/n8n-nodes.ts';
import { compareVersions } from '#shared/catalog/node-versions.ts';

const BUILT_IN = /^(n8n-nodes-base|@n8n\/n8n-nodes-langchain)\./;
const MAJOR = /^(\d+)\./;

/**
 * The table release that stands for an instance: the newest release of the same major version not
 * newer than it (else the oldest of that major). Unknown version: 2.x when the instance publishes
 * (`/publish` exists only from 2.0), else 1.x.
 */
export function tableReleaseFor(instanceVersion: string | null, publishes: boolean): string {
  const major = MAJOR.exec(instanceVersion ?? '')?.[1] ?? (publishes ? '2' : '1');
  const same = N8N_TABLE_RELEASES.filter((r) => MAJOR.exec(r)?.[1] === major).sort(compareVersions);
  if (same.length === 0) return [...N8N_TABLE_RELEASES].sort(compareVersions).at(-1)!;
  if (!instanceVersion) return same.at(-1)!;
  return same.filter((r) => compareVersions(r, instanceVersion) <= 0).at(-1) ?? same[0]!;
}

export const majorOf = (release: string) => `${MAJOR.exec(release)?.[1] ?? '?'}.x`;

export type NodeAvailability =
  | { status: 'present' }
  | { status: 'removed' }
  | { status: 'excluded' }
  | { status: 'community'; packageName: string }
  | { status: 'newer-version'; highest: number };

/** Whether `release` of n8n has this node type (and type version), by n8n's own package contents. */
export function nodeAvailability(type: string, typeVersion: unknown, release: string): NodeAvailability {
  // loadedNode: an AI tool variant (gmailTool) is there wherever its base node is.
  const node = loadedNode(type);
  if (!node) {
    if (BUILT_IN.test(type)) return { status: 'removed' };
    return {
      status: 'community',
      packageName: type.includes('.') ? type.slice(0, type.lastIndexOf('.')) : type,
    };
  }
  const versions = node.versions[release];
  if (!versions) return { status: 'removed' };
  if (n8nRelease(release)?.excludedByDefault.includes(type)) return { status: 'excluded' };
  const highest = Math.max(...versions);
  if (typeof typeVersion === 'number' && typeVersion > highest) return { status: 'newer-version', highest };
  return { status: 'present' };
}

export type NodeIssueCode =
  | 'node-removed'
  | 'node-excluded'
  | 'community-node'
  | 'node-version-newer'
  /** An Execute Workflow node calls a workflow of the author's n8n (sub-workflow-refs.ts). */
  | 'sub-workflow';
export type NodeIssue = { code: NodeIssueCode; nodes: string[]; type: string; message: string };

const label = (type: string) => n8nNode(type)?.displayName ?? type.slice(type.lastIndexOf('.') + 1);
const quoted = (names: string[]) => names.map((n) => `“${n}”`).join(', ');

/**
 * The template's nodes this release lacks or turns off, grouped by node type, in words a member
 * understands (what happens and who can change it). Sticky notes and disabled nodes are skipped.
 */
export function nodeIssuesFor(
  nodes: { name?: unknown; type?: unknown; typeVersion?: unknown; disabled?: unknown }[],
  release: string,
): NodeIssue[] {
  const byKey = new Map<string, NodeIssue>();
  const major = majorOf(release);
  for (const node of nodes) {
    if (typeof node.type !== 'string' || node.disabled === true) continue;
    if (node.type === 'n8n-nodes-base.stickyNote') continue;
    const found = nodeAvailability(node.type, node.typeVersion, release);
    if (found.status === 'present') continue;
    const name = String(node.name ?? node.type);
    const key = `${found.status}\u0000${node.type}`;
    const existing = byKey.get(key);
    if (existing) {
      existing.nodes.push(name);
      continue;
    }
    const what = label(node.type);
    const issue: NodeIssue = { code: 'node-removed', nodes: [name], type: node.type, message: '' };
    switch (found.status) {
      case 'removed':
        issue.message = `n8n ${major} no longer has the ${what} node. Replace it with another node in n8n; until then the workflow cannot be published.`;
        break;
      case 'excluded':
        issue.code = 'node-excluded';
        issue.message = `n8n ${major} turns the ${what} node off by default. Your n8n’s administrator can turn it on by leaving it out of the NODES_EXCLUDE setting (for example NODES_EXCLUDE="[]"); until then the workflow cannot be published.`;
        break;
      case 'community':
        issue.code = 'community-node';
        issue.message = `${what} is a community node (package ${found.packageName}), not part of n8n. Your n8n’s administrator must install that package (Settings → Community nodes) before the workflow can be published.`;
        break;
      case 'newer-version':
        issue.code = 'node-version-newer';
        issue.message = `The ${what} node here is version ${String(node.typeVersion)}; n8n ${release} has up to ${found.highest}. Update your n8n, or re-add the node in n8n.`;
        break;
    }
    byKey.set(key, issue);
  }
  return [...byKey.values()].map((i) => ({ ...i, message: `${quoted(i.nodes)}: ${i.message}` }));
}

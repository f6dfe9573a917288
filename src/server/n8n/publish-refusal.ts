// n8n 2.x refuses to publish a workflow whose nodes are not ready, in one text (n8n's
// workflow-validation.service.js). This turns that text into per-node reasons a member can act on;
// anything it does not recognise is kept word for word, never replaced by a generic error.
import { credentialName } from '#shared/catalog/integrations.ts';

export type PublishReasonKind =
  | 'credential-missing'
  | 'credential-not-configured'
  | 'parameters'
  | 'node-type-missing'
  | 'sub-workflow-unpublished'
  | 'shared-trigger-id'
  | 'no-trigger'
  | 'other';

export type PublishNodeReason = { kind: PublishReasonKind; text: string };
export type PublishRefusal = {
  /** Nodes with what each lacks, in n8n's order; empty when the refusal names no node. */
  nodes: { node: string; reasons: PublishNodeReason[] }[];
  /** A refusal about the whole workflow (no trigger, or a text not recognised). */
  general: string | null;
  /** n8n's own text. */
  message: string;
  /** "Unrecognized node type: X": the type n8n does not have (the caller knows which nodes use it). */
  unknownType?: string;
};

// n8n 2.40.7 names the credential type ("telegramApi"); older texts a display name ("Telegram API").
const credentialLabel = (raw: string) => (/^[A-Za-z0-9]+$/.test(raw) ? credentialName(raw) : raw);

const NODE_BLOCK = /^Node "(.+)":$/;
const ISSUE = /^\s+- (.+)$/;

function explainIssue(issue: string): PublishNodeReason {
  let m = /^Missing required credential: (.+)$/.exec(issue);
  if (m)
    return {
      kind: 'credential-missing',
      text: `needs a ${credentialLabel(m[1]!)} credential; none is selected`,
    };
  m = /^Credential not configured: (.+)$/.exec(issue);
  if (m)
    return {
      kind: 'credential-not-configured',
      text: `needs a ${credentialLabel(m[1]!)} credential from your n8n; the one named in the template was not found there`,
    };
  m = /^Missing or invalid required parameters: (.+)$/.exec(issue);
  if (m) return { kind: 'parameters', text: `these settings must be filled in: ${m[1]}` };
  if (issue === 'Node type not found')
    return {
      kind: 'node-type-missing',
      text: 'your n8n does not have this node (removed, turned off by its administrator, or a community node that is not installed)',
    };
  return { kind: 'other', text: issue };
}

/** Parses n8n's publish (or 2.x activate) refusal. `message` is n8n's `message` field or the body. */
export function parsePublishRefusal(raw: string): PublishRefusal {
  let message = raw.trim();
  try {
    const parsed = JSON.parse(message) as { message?: unknown };
    if (typeof parsed.message === 'string') message = parsed.message;
  } catch {
    // plain text
  }
  const result: PublishRefusal = { nodes: [], general: null, message };
  const nodeOf = (name: string) => {
    let entry = result.nodes.find((n) => n.node === name);
    if (!entry) {
      entry = { node: name, reasons: [] };
      result.nodes.push(entry);
    }
    return entry;
  };

  if (/have configuration issues:/.test(message)) {
    let current: ReturnType<typeof nodeOf> | null = null;
    for (const line of message.split('\n')) {
      const block = NODE_BLOCK.exec(line.trim());
      if (block) {
        current = nodeOf(block[1]!);
        continue;
      }
      const issue = ISSUE.exec(line);
      if (issue && current) current.reasons.push(explainIssue(issue[1]!.trim()));
    }
    if (result.nodes.length) return result;
  }
  const subWorkflows = [
    ...message.matchAll(
      /Node "([^"]+)" references workflow (\S+)(?: \("([^"]*)"\))? which is not published/g,
    ),
  ];
  if (subWorkflows.length) {
    for (const [, node, id, name] of subWorkflows) {
      nodeOf(node!).reasons.push({
        kind: 'sub-workflow-unpublished',
        text: `calls the sub-workflow ${name ? `“${name}”` : id}, which is not published in your n8n: import and publish it first, then select it in this node`,
      });
    }
    return result;
  }
  const shared = /triggers (.+?) share the node ID "([^"]+)"/.exec(message);
  if (shared) {
    for (const [, name] of shared[1]!.matchAll(/"([^"]+)"/g)) {
      nodeOf(name!).reasons.push({
        kind: 'shared-trigger-id',
        text: 'shares its node id with another trigger: remove and re-add one of them in n8n',
      });
    }
    return result;
  }
  const unknown = /Unrecognized node type: (\S+)/.exec(message);
  if (unknown) {
    result.unknownType = unknown[1]!;
    result.general = `Your n8n does not have the node type ${unknown[1]} (removed from n8n, turned off by its administrator, or a community node that is not installed).`;
    return result;
  }
  if (/has no trigger node|no node to start the workflow/i.test(message)) {
    result.general =
      'This workflow has nothing that starts it on its own (no trigger, webhook or schedule), so there is nothing to publish; run it from n8n instead.';
    return result;
  }
  result.general = message;
  return result;
}

/** Names the nodes of an "Unrecognized node type" refusal from the payload that was sent. */
export function attachUnknownType(
  refusal: PublishRefusal,
  nodes: { name: string; type: string; disabled?: unknown }[],
): PublishRefusal {
  if (!refusal.unknownType) return refusal;
  const using = nodes.filter((n) => n.type === refusal.unknownType && n.disabled !== true);
  if (using.length === 0) return refusal;
  return {
    ...refusal,
    general: null,
    nodes: using.map((n) => ({
      node: n.name,
      reasons: [
        {
          kind: 'node-type-missing' as const,
          text: `your n8n does not have this node (${refusal.unknownType}): removed from n8n, turned off by its administrator, or a community node that is not installed`,
        },
      ],
    })),
  };
}

/** One line per node for logs and stored errors: `Node: reason; reason`. */
export function publishRefusalLines(refusal: PublishRefusal): string[] {
  if (refusal.nodes.length === 0) return [refusal.general ?? refusal.message];
  return refusal.nodes.map((n) => `${n.node}: ${n.reasons.map((r) => r.text).join('; ')}`);
}

const FILL_IN = 'these settings must be filled in: ';

/**
 * The settings each node must have filled in, read back from stored refusal lines
 * (`publishRefusalLines`: "Node: reason; reason").
 */
export function settingsToFill(lines: string): { node: string; settings: string[] }[] {
  const out: { node: string; settings: string[] }[] = [];
  for (const line of lines.split('\n')) {
    const at = line.indexOf(FILL_IN);
    const colon = line.indexOf(': ');
    if (at < 0 || colon < 0 || colon >= at) continue;
    const settings = line
      .slice(at + FILL_IN.length)
      .split(';')[0]!
      .split(',');
    out.push({ node: line.slice(0, colon), settings: settings.map((x) => x.trim()).filter(Boolean) });
  }
  return out;
}

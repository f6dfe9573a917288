import { stickyNotesInCanvasOrder } from './workflow-facts.ts';
import type { WorkflowNode } from './workflow-types.ts';

/** `0008_Slack_Stripe_Create_Triggered.json` → `Slack Stripe Create Triggered` */
export function readableFileName(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const words = base
    .replace(/\.json$/i, '')
    .replace(/^\d+[_\-\s]+/, '')
    .replace(/[_-]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return 'Untitled workflow';
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Title: the manifest's, else the workflow's name, else a readable form of the file name. */
export function deriveTitle(input: {
  manifestTitle?: string;
  workflowName?: unknown;
  fileName?: string;
}): string {
  const given = input.manifestTitle?.trim();
  if (given) return given.slice(0, 200);
  if (typeof input.workflowName === 'string' && input.workflowName.trim()) {
    return input.workflowName.replace(/\s+/g, ' ').trim().slice(0, 200);
  }
  return input.fileName ? readableFileName(input.fileName) : 'Untitled workflow';
}

function listJoin(items: string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

const TRIGGER_PHRASES: Record<string, string> = {
  Manual: 'Started by hand',
  Webhook: 'Runs when a webhook is called',
  Schedule: 'Runs on a schedule',
  'Form submission': 'Runs when a form is submitted',
  'Chat message': 'Runs when a chat message arrives',
  'Called by another workflow': 'Runs when another workflow calls it',
  'Workflow error': 'Runs when another workflow fails',
  'Incoming email': 'Runs when an email arrives',
};

/** A plain factual sentence from what the workflow contains, for files without any description. */
export function factualDescription(trigger: string, integrations: string[], nodeCount: number): string {
  const start =
    TRIGGER_PHRASES[trigger] ??
    (trigger.endsWith(' event') ? `Runs on a ${trigger}` : `Runs on a ${trigger} event`);
  const uses = integrations.length > 0 ? ` and works with ${listJoin(integrations.slice(0, 5))}` : '';
  return `${start}${uses}; ${nodeCount} ${nodeCount === 1 ? 'node' : 'nodes'}.`;
}

const MAX_DESCRIPTION = 1_000;

/** Description: the manifest's, else the first sticky note in canvas order, else a factual sentence. */
export function deriveDescription(input: {
  manifestDescription?: string;
  nodes: WorkflowNode[];
  trigger: string;
  integrations: string[];
  nodeCount: number;
}): string {
  const given = input.manifestDescription?.trim();
  if (given) return given.slice(0, MAX_DESCRIPTION);
  const first = stickyNotesInCanvasOrder(input.nodes)[0];
  if (first)
    return first.length > MAX_DESCRIPTION ? `${first.slice(0, MAX_DESCRIPTION - 3).trimEnd()}...` : first;
  return factualDescription(input.trigger, input.integrations, input.nodeCount);
}

/**
 * Card description summary (spec part 2 §5): sentences longer than 10 characters; the first two are
 * shown; with only one, it is cut to 25 words plus "..."; otherwise cut at 120 characters.
 */
export function cardSummary(description: string): string {
  const text = description.replace(/\s+/g, ' ').trim();
  const sentences = text
    .split(/(?<=[.!?])\s+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 10);
  if (sentences.length === 1) {
    const words = sentences[0]!.split(' ');
    return words.length > 25 ? `${words.slice(0, 25).join(' ')}...` : sentences[0]!;
  }
  const joined = sentences.length >= 2 ? `${sentences[0]} ${sentences[1]}` : text;
  return joined.length > 120 ? `${joined.slice(0, 120).trimEnd()}...` : joined;
}

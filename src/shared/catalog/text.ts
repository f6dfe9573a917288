import { MAX_CARD_SUMMARY } from './summary.ts';

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

/**
 * Card description summary (spec part 2 §5): sentences longer than 10 characters; the first two are
 * shown; with only one, it is cut to 25 words plus "..."; otherwise cut at 120 characters.
 */
export function cardSummary(description: string): string {
  const summary = specSummary(description);
  // Cards hold at most 160 characters (decision 0012), whatever the description.
  if (summary.length <= MAX_CARD_SUMMARY) return summary;
  // Cut at the last whole word that leaves room for "...".
  const cut = `${summary.replace(/\.\.\.$/, '')} `.slice(0, MAX_CARD_SUMMARY - 2);
  const space = cut.lastIndexOf(' ');
  return `${(space > MAX_CARD_SUMMARY / 2 ? cut.slice(0, space) : cut.slice(0, -1)).trimEnd()}...`;
}

function specSummary(description: string): string {
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

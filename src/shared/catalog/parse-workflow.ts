import { MAX_IMPORT_NODES } from './constants.ts';
import { isStickyNote, type WorkflowJson, type WorkflowNode } from './workflow-types.ts';

export type ParsedWorkflow = { ok: true; workflow: WorkflowJson } | { ok: false; reason: string };

const MAX_FILE_BYTES = 10 * 1024 * 1024;

function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return `a ${typeof value}`;
}

/** Reads one workflow file. Bad files get a reason a person can act on; nothing throws. */
export function parseWorkflowText(text: string, byteLength = text.length): ParsedWorkflow {
  if (byteLength > MAX_FILE_BYTES)
    return { ok: false, reason: `file too large (${byteLength} bytes, limit 10 MB)` };
  let value: unknown;
  try {
    value = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch (error) {
    return { ok: false, reason: `invalid JSON: ${error instanceof Error ? error.message : String(error)}` };
  }
  if (typeof value === 'string')
    return { ok: false, reason: 'double-encoded JSON (the file holds a JSON string)' };
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return { ok: false, reason: `not an n8n workflow (the file holds ${kindOf(value)})` };
  }
  const record = value as Record<string, unknown>;
  const quoted = Object.keys(record).find((k) => k.length >= 2 && k.startsWith('"') && k.endsWith('"'));
  if (quoted) return { ok: false, reason: `double-encoded keys (for example ${quoted})` };
  if (!('nodes' in record)) return { ok: false, reason: 'not an n8n workflow (no "nodes" list)' };
  const nodes = record.nodes;
  if (!Array.isArray(nodes)) return { ok: false, reason: 'not an n8n workflow ("nodes" is not a list)' };
  if (nodes.length === 0) return { ok: false, reason: 'no nodes' };
  if (
    !nodes.every(
      (n) => n !== null && typeof n === 'object' && typeof (n as { type?: unknown }).type === 'string',
    )
  ) {
    return { ok: false, reason: 'not an n8n workflow (a node has no type)' };
  }
  // Sticky notes are canvas annotations: the limit counts the nodes n8n runs.
  const executable = (nodes as WorkflowNode[]).filter((n) => !isStickyNote(n)).length;
  if (executable > MAX_IMPORT_NODES) {
    return { ok: false, reason: `too large: ${executable} executable nodes (limit ${MAX_IMPORT_NODES})` };
  }
  return { ok: true, workflow: record as WorkflowJson };
}

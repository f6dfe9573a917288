// The parts of an n8n workflow file the catalogue reads. Everything is optional: real files are messy.
export type WorkflowNode = {
  id?: string;
  name?: string;
  type?: string;
  typeVersion?: number;
  position?: [number, number] | number[];
  parameters?: Record<string, unknown>;
  credentials?: Record<string, unknown>;
};

export type WorkflowJson = {
  name?: string;
  nodes: WorkflowNode[];
  connections?: Record<string, unknown>;
  settings?: Record<string, unknown>;
  staticData?: unknown;
  [key: string]: unknown;
};

export const STICKY_NOTE_TYPE = 'n8n-nodes-base.stickyNote';

export function isStickyNote(node: WorkflowNode): boolean {
  return node.type === STICKY_NOTE_TYPE;
}

/** The node type without its package prefix: `n8n-nodes-base.slackTrigger` → `slackTrigger`. */
export function shortType(type: string | undefined): string {
  if (!type) return '';
  const dot = type.lastIndexOf('.');
  return dot >= 0 ? type.slice(dot + 1) : type;
}

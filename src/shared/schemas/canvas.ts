import { z } from 'zod';

// The workflow canvas (src/shared/catalog/canvas-model.ts builds it): what the server's preview sends
// and what the member's detail page draws. `note` and `parameters` exist only in members' models.

export const CanvasNodeSchema = z.object({
  /** Stable within one model (`n<index in the file>`): names repeat in some real files. */
  id: z.string(),
  name: z.string(),
  type: z.string(),
  kind: z.enum(['trigger', 'node', 'subnode', 'sticky']),
  /** Readable app or node name ("Google Sheets", "Code"). */
  label: z.string(),
  /** `brand:<slug>` or `family:<family>` (src/shared/catalog/node-icons.ts). */
  icon: z.string(),
  x: z.number(),
  y: z.number(),
  width: z.number(),
  height: z.number(),
  /** Main inputs on the left and outputs on the right (0 for sticky notes and sub-nodes). */
  inputs: z.number().int(),
  outputs: z.number().int(),
  /** AI ports on the bottom edge: connection type, n8n's label, x offset from the node's left. */
  ports: z.array(z.object({ type: z.string(), label: z.string(), offset: z.number() })),
  /** Sticky-note colour, n8n's 1–7. */
  color: z.number().int().optional(),
  /** Members only: the sticky note's Markdown. */
  note: z.string().optional(),
  /** Members only: the node's parameters. */
  parameters: z.record(z.string(), z.unknown()).optional(),
});
export type CanvasNode = z.infer<typeof CanvasNodeSchema>;

export const CanvasEdgeSchema = z.object({
  id: z.string(),
  source: z.string(),
  target: z.string(),
  /** `main` or an AI connection type such as `ai_languageModel`. */
  type: z.string(),
  sourceHandle: z.string(),
  targetHandle: z.string(),
});
export type CanvasEdge = z.infer<typeof CanvasEdgeSchema>;

export const CanvasModelSchema = z.object({
  nodes: z.array(CanvasNodeSchema),
  edges: z.array(CanvasEdgeSchema),
  /** The rectangle holding every node, names and sticky notes included. */
  bounds: z.object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() }),
});
export type CanvasModel = z.infer<typeof CanvasModelSchema>;

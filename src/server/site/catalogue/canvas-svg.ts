import type { CanvasModel } from '#shared/schemas/canvas.ts';
import { esc } from './html.ts';

// The workflow's shape as a static SVG, drawn from the one canvas model (src/shared/catalog/canvas-model.ts)
// built with `member: false`: node boxes, their names and the wiring; sticky notes as blank shapes, since
// the model has no note text for visitors. No script, no parameters.

const PAD = 40;
/** Names longer than this are cut, so a label stays under its node. */
const LABEL_CHARS = 22;

const cut = (s: string) => (s.length > LABEL_CHARS ? `${s.slice(0, LABEL_CHARS - 1)}…` : s);

export function canvasSvg(model: CanvasModel, title: string): string {
  const nodes = model.nodes;
  if (nodes.length === 0) return '';
  const { x, y, width, height } = model.bounds;
  const box = new Map(nodes.map((n) => [n.id, n]));
  const edges = model.edges
    .map((e) => {
      const from = box.get(e.source);
      const to = box.get(e.target);
      if (!from || !to) return '';
      const ai = e.type !== 'main';
      // Main wiring: right edge to left edge; AI wiring: a sub-node's top to its node's bottom.
      const [x1, y1, x2, y2] = ai
        ? [from.x + from.width / 2, from.y, to.x + to.width / 2, to.y + to.height]
        : [from.x + from.width, from.y + from.height / 2, to.x, to.y + to.height / 2];
      const mid = (x1 + x2) / 2;
      const d = ai
        ? `M${x1} ${y1} C${x1} ${(y1 + y2) / 2} ${x2} ${(y1 + y2) / 2} ${x2} ${y2}`
        : `M${x1} ${y1} C${mid} ${y1} ${mid} ${y2} ${x2} ${y2}`;
      return `<path d="${d}" class="${ai ? 'stroke-slate-400 [stroke-dasharray:6_4]' : 'stroke-slate-500'}" fill="none" stroke-width="2"/>`;
    })
    .join('');
  // Sticky notes sit behind everything, as on n8n's canvas.
  const stickies = nodes
    .filter((n) => n.kind === 'sticky')
    .map(
      (n) =>
        `<rect x="${n.x}" y="${n.y}" width="${n.width}" height="${n.height}" rx="8" class="fill-amber-50 stroke-amber-200 dark:fill-slate-800 dark:stroke-slate-700" stroke-width="2"/>`,
    )
    .join('');
  const shapes = nodes
    .filter((n) => n.kind !== 'sticky')
    .map((n) => {
      const rx = n.kind === 'subnode' ? n.width / 2 : n.kind === 'trigger' ? 24 : 10;
      const label = `<text x="${n.x + n.width / 2}" y="${n.y + n.height + 22}" text-anchor="middle" class="fill-slate-700 text-[15px] dark:fill-slate-300">${esc(cut(n.name))}</text>`;
      const app = `<text x="${n.x + n.width / 2}" y="${n.y + n.height / 2 + 6}" text-anchor="middle" class="fill-slate-600 text-[14px] font-semibold dark:fill-slate-300">${esc(cut(n.label).slice(0, 12))}</text>`;
      return `<g><rect x="${n.x}" y="${n.y}" width="${n.width}" height="${n.height}" rx="${rx}" class="fill-white stroke-slate-400 dark:fill-slate-900 dark:stroke-slate-500" stroke-width="2"/>${app}${label}</g>`;
    })
    .join('');
  const viewBox = `${x - PAD} ${y - PAD} ${width + PAD * 2} ${height + PAD * 2}`;
  return `<svg viewBox="${viewBox}" role="img" aria-label="${esc(`Workflow canvas of ${title}: ${nodes.filter((n) => n.kind !== 'sticky').length} nodes`)}" class="h-auto max-h-[28rem] w-full" preserveAspectRatio="xMidYMid meet">${stickies}${edges}${shapes}</svg>`;
}

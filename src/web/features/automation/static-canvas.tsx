import { FAMILY_ICONS } from '#shared/catalog/family-icons.ts';
import type { IconFamily } from '#shared/catalog/node-icons.ts';
import type { CanvasModel, CanvasNode } from '#shared/schemas/canvas.ts';
import spriteUrl from '../../assets/brand-icons.svg?url';

// The workflow's shape as a static SVG, for pages rendered without script (a visitor's template page),
// drawn from the one canvas model (src/shared/catalog/canvas-model.ts, built with `member: false`) with
// the member canvas's look: each node's app icon in its box, triggers rounded on the left, AI sub-nodes
// as circles with their ports, full names below (two lines). No sticky notes (their text is for
// members), no parameters. It is drawn at a fixed scale and scrolls sideways when wider than the page,
// so labels stay readable on a phone instead of shrinking with the workflow's width (issue 43 item 19).

const PAD = 40;
/** CSS pixels per canvas unit: a 100-unit node is 90 px wide and its 15-unit name 13.5 px. */
const SCALE = 0.9;
const NAME_SIZE = 15;
/** A name's average character width in canvas units at NAME_SIZE, for wrapping without a font. */
const CHAR = NAME_SIZE * 0.55;
const NODE_SHAPE = 'fill-white stroke-slate-400 dark:fill-slate-800 dark:stroke-slate-500';

/** A name in at most two lines of `chars` characters, broken at spaces; the rest ends in "…". */
export function wrapName(name: string, chars: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of name.split(/\s+/).filter(Boolean)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= chars || !line) line = next;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  const shown = lines.slice(0, 2).map((l) => (l.length > chars ? `${l.slice(0, chars - 1)}…` : l));
  if (lines.length > 2) shown[1] = `${shown[1]!.slice(0, chars - 1).trimEnd()}…`;
  return shown;
}

/** The node's icon on a light tile (brand colours are made for light backgrounds), `size` units square. */
function NodeIcon({ n, x, y, size }: { n: CanvasNode; x: number; y: number; size: number }) {
  const tile = (
    <rect
      x={x - 4}
      y={y - 4}
      width={size + 8}
      height={size + 8}
      rx="6"
      className="fill-white dark:fill-slate-100"
    />
  );
  if (n.icon.startsWith('brand:'))
    return (
      <>
        {tile}
        <svg x={x} y={y} width={size} height={size} viewBox="0 0 24 24" aria-hidden="true">
          <use href={`${spriteUrl}#${n.icon.slice('brand:'.length)}`} />
        </svg>
      </>
    );
  const family = n.icon.startsWith('family:') ? (n.icon.slice('family:'.length) as IconFamily) : 'app';
  const Glyph = FAMILY_ICONS[family] ?? FAMILY_ICONS.app;
  return (
    <>
      {tile}
      <Glyph x={x} y={y} size={size} aria-hidden="true" strokeWidth={1.75} className="text-slate-700" />
    </>
  );
}

function Lines(props: { x: number; y: number; lines: string[]; anchor: 'middle' | 'start' }) {
  return props.lines.map((line, i) => (
    <text
      // biome-ignore lint/suspicious/noArrayIndexKey: at most two lines, in order
      key={i}
      x={props.x}
      y={props.y + i * NAME_SIZE * 1.25}
      textAnchor={props.anchor}
      className="fill-slate-900 font-medium dark:fill-slate-100"
      fontSize={NAME_SIZE}
    >
      {line}
    </text>
  ));
}

function NodeShape({ n }: { n: CanvasNode }) {
  const sub = n.kind === 'subnode';
  const configurable = n.ports.length > 0 && !sub;
  const r = n.height / 2.8;
  const shape = sub ? (
    <circle
      cx={n.x + n.width / 2}
      cy={n.y + n.height / 2}
      r={n.width / 2}
      className={NODE_SHAPE}
      strokeWidth="2"
    />
  ) : n.kind === 'trigger' ? (
    // n8n's trigger: the left side rounded like a half pill.
    <path
      d={`M${n.x + r} ${n.y} H${n.x + n.width - 8} Q${n.x + n.width} ${n.y} ${n.x + n.width} ${n.y + 8} V${n.y + n.height - 8} Q${n.x + n.width} ${n.y + n.height} ${n.x + n.width - 8} ${n.y + n.height} H${n.x + r} A${r} ${n.height / 2} 0 0 1 ${n.x + r} ${n.y} Z`}
      className={NODE_SHAPE}
      strokeWidth="2"
    />
  ) : (
    <rect x={n.x} y={n.y} width={n.width} height={n.height} rx="8" className={NODE_SHAPE} strokeWidth="2" />
  );
  const size = sub ? 32 : configurable ? 40 : 48;
  const iconX = configurable ? n.x + 18 : n.x + n.width / 2 - size / 2;
  return (
    <g>
      <title>{`${n.name} (${n.label})`}</title>
      {shape}
      <NodeIcon n={n} x={iconX} y={n.y + n.height / 2 - size / 2} size={size} />
      {configurable ? (
        <Lines
          x={iconX + size + 14}
          y={n.y + n.height / 2 - 2}
          lines={wrapName(n.name, Math.floor((n.width - size - 40) / CHAR))}
          anchor="start"
        />
      ) : (
        <Lines
          x={n.x + n.width / 2}
          y={n.y + n.height + NAME_SIZE + 6}
          lines={wrapName(n.name, Math.floor((n.width + 40) / CHAR))}
          anchor="middle"
        />
      )}
      {n.ports.map((p) => (
        <text
          key={`${p.type}-${p.offset}`}
          x={n.x + p.offset}
          y={n.y + n.height + 18}
          textAnchor="middle"
          className="fill-slate-600 dark:fill-slate-300"
          fontSize="11"
        >
          {p.label}
        </text>
      ))}
    </g>
  );
}

/** The canvas model as one SVG image; nothing when the workflow has no nodes to show. */
export function StaticCanvas({ model, title }: { model: CanvasModel; title: string }) {
  // Sticky notes are left out: visitors do not get their text, and empty boxes said nothing.
  const nodes = model.nodes.filter((n) => n.kind !== 'sticky');
  if (nodes.length === 0) return null;
  // The nodes' rectangle with their names below and beside them (wider than a node when wrapped).
  const x = Math.min(...nodes.map((n) => n.x - 20));
  const y = Math.min(...nodes.map((n) => n.y));
  const width = Math.max(...nodes.map((n) => n.x + n.width + 20)) - x;
  const height = Math.max(...nodes.map((n) => n.y + n.height + NAME_SIZE * 2.5 + 8)) - y;
  const box = new Map(nodes.map((n) => [n.id, n]));
  const [w, h] = [width + PAD * 2, height + PAD * 2];
  const count = nodes.length;
  return (
    <svg
      viewBox={`${x - PAD} ${y - PAD} ${w} ${h}`}
      width={Math.round(w * SCALE)}
      height={Math.round(h * SCALE)}
      role="img"
      aria-label={`Workflow canvas of ${title}: ${count} ${count === 1 ? 'node' : 'nodes'}`}
      className="mx-auto block max-w-none"
      fontFamily="inherit"
    >
      {model.edges.map((e) => {
        const from = box.get(e.source);
        const to = box.get(e.target);
        if (!from || !to) return null;
        const ai = e.type !== 'main';
        // Main wiring: right edge to left edge; AI wiring: a sub-node's top to its node's bottom port.
        const port = to.ports.find((p) => p.type === e.type);
        const [x1, y1, x2, y2] = ai
          ? [from.x + from.width / 2, from.y, to.x + (port?.offset ?? to.width / 2), to.y + to.height]
          : [from.x + from.width, from.y + from.height / 2, to.x, to.y + to.height / 2];
        const mid = (x1 + x2) / 2;
        const d = ai
          ? `M${x1} ${y1} C${x1} ${(y1 + y2) / 2} ${x2} ${(y1 + y2) / 2} ${x2} ${y2}`
          : `M${x1} ${y1} C${mid} ${y1} ${mid} ${y2} ${x2} ${y2}`;
        return (
          <path
            key={`${e.source}-${e.target}-${e.type}-${d}`}
            d={d}
            className={ai ? 'stroke-slate-400 [stroke-dasharray:6_4]' : 'stroke-slate-500'}
            fill="none"
            strokeWidth="2"
          />
        );
      })}
      {nodes.map((n) => (
        <NodeShape key={n.id} n={n} />
      ))}
    </svg>
  );
}

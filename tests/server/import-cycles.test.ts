// Layers a newcomer can see (issue 44): feature folders must not import each other in circles, and
// lib/ folders import no feature. Type-only imports are ignored (they vanish at build). The server's
// root files (app.ts, main.ts, env.ts) are the composition root, not a feature.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../../src');
const ALIASES: Record<string, string> = { '#server/': 'server/', '#web/': 'web/', '#shared/': 'shared/' };

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [p] : [];
  });
}

/** The feature folder of a file under src ("server/catalog", "web/features/n8n"), or null for a root file. */
function folderOf(relative: string): string | null {
  const parts = relative.split('/');
  const depth = parts[0] === 'web' && parts[1] === 'features' ? 3 : 2;
  return parts.length > depth ? parts.slice(0, depth).join('/') : null;
}

/** Runtime imports between folders: from → to → one example "file → specifier". */
function folderGraph(): Map<string, Map<string, string>> {
  const graph = new Map<string, Map<string, string>>();
  for (const file of sourceFiles(SRC)) {
    const from = folderOf(path.relative(SRC, file));
    if (!from) continue;
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(
      /^\s*(?:import|export)\s+(?!type\b)([^'";]*?)\s*from\s+['"]([^'"]+)['"]/gm,
    )) {
      const names = m[1]!
        .replace(/[{}]/g, '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (names.length > 0 && names.every((n) => n.startsWith('type '))) continue;
      const spec = m[2]!;
      const alias = Object.keys(ALIASES).find((a) => spec.startsWith(a));
      const target = alias
        ? ALIASES[alias] + spec.slice(alias.length)
        : spec.startsWith('.')
          ? path.relative(SRC, path.resolve(path.dirname(file), spec))
          : null;
      const to = target && folderOf(target);
      if (!to || to === from) continue;
      if (!graph.has(from)) graph.set(from, new Map());
      if (!graph.get(from)!.has(to)) graph.get(from)!.set(to, `${path.relative(SRC, file)} → ${spec}`);
    }
  }
  return graph;
}

/** Strongly connected groups of more than one folder (Tarjan), each a cycle to break. */
function cycles(graph: Map<string, Map<string, string>>): string[][] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) out.push(group.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

describe('layers', () => {
  const graph = folderGraph();

  it('feature folders import each other in no circle', () => {
    const found = cycles(graph);
    console.log(`import cycles between feature folders: ${found.length}`);
    for (const group of found) {
      const inside = group.flatMap((a) =>
        [...(graph.get(a) ?? [])]
          .filter(([b]) => group.includes(b))
          .map(([b, why]) => `  ${a} → ${b} (${why})`),
      );
      console.log(`cycle: ${group.join(', ')}\n${inside.join('\n')}`);
    }
    expect(found).toEqual([]);
  });

  it('lib folders import no feature', () => {
    const libs = [...graph].filter(([from]) => /\/lib$/.test(from));
    const wrong = libs.flatMap(([from, tos]) =>
      [...tos]
        .filter(([to]) => !/\/lib$/.test(to) && !to.startsWith('shared/'))
        .map(([to, why]) => `${from} → ${to} (${why})`),
    );
    expect(wrong).toEqual([]);
  });
});

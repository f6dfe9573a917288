// Flowvault's library in the shapes n8n's template browser reads (decision 0026). Pure apart from the
// brand sprite, read once: index entries and rows in, n8n's JSON out.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { z } from 'zod';
import { PROJECT_ROOT } from '#server/lib/project-root.ts';
import { CATEGORIES } from '#shared/catalog/constants.ts';
import { n8nNode, n8nNodeEntries } from '#shared/catalog/n8n-nodes.ts';
import { nodeIntegration } from '#shared/catalog/node-icons.ts';
import type { AutomationCard } from '#shared/schemas/catalog.ts';
import type {
  N8nTemplateCategorySchema,
  N8nTemplateNodeSchema,
  N8nTemplateWorkflowSchema,
} from '#shared/schemas/templates-host.ts';

type Category = z.infer<typeof N8nTemplateCategorySchema>;
type TemplateNode = z.infer<typeof N8nTemplateNodeSchema>;
type TemplateWorkflow = z.infer<typeof N8nTemplateWorkflowSchema>;

/** Flowvault's categories, numbered from 1 in the catalogue's own order. */
export const TEMPLATE_CATEGORIES: Category[] = CATEGORIES.map((name, i) => ({ id: i + 1, name }));

/** Category names from n8n's `category` parameter: ids or names, comma-separated. */
export function categoriesFrom(values: string[]): Set<string> {
  const out = new Set<string>();
  for (const raw of values.flatMap((v) => v.split(','))) {
    const value = raw.trim();
    if (!value) continue;
    const byId = TEMPLATE_CATEGORIES.find((c) => String(c.id) === value);
    const byName = TEMPLATE_CATEGORIES.find((c) => c.name.toLowerCase() === value.toLowerCase());
    const found = byId ?? byName;
    // An unknown category matches nothing (rather than everything).
    out.add(found ? found.name : `\u0000${value}`);
  }
  return out;
}

/**
 * n8n's template ids are integers; Flowvault's are slugs. The number is the first 48 bits of the
 * slug's SHA-256 (stable across processes and rebuilds; a clash in 50,000 items has odds of ~1e-5,
 * and templates-host.routes.ts keeps the first of a clash).
 */
export function templateNumber(id: string): number {
  return Number.parseInt(createHash('sha256').update(id).digest('hex').slice(0, 12), 16) || 1;
}

// Brand icons as data: URIs (the editor draws `iconData.fileBuffer` as is), from the same sprite the
// web app draws cards with (simple-icons and Iconify logos, CC0).
let sprite: Map<string, string> | undefined;

function spriteFile(webRoot: string | undefined): string | null {
  const assets = webRoot ? path.join(webRoot, 'assets') : null;
  const built =
    assets && existsSync(assets) ? readdirSync(assets).find((f) => /^brand-icons-.*\.svg$/.test(f)) : null;
  if (assets && built) return path.join(assets, built);
  const source = path.join(PROJECT_ROOT, 'src/web/assets/brand-icons.svg');
  return existsSync(source) ? source : null;
}

export function loadBrandIcons(webRoot?: string): Map<string, string> {
  if (sprite) return sprite;
  sprite = new Map();
  const file = spriteFile(webRoot);
  if (!file) return sprite;
  const text = readFileSync(file, 'utf8');
  for (const m of text.matchAll(/<symbol id="([^"]+)" viewBox="([^"]+)">([\s\S]*?)<\/symbol>/g)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${m[2]}">${m[3]}</svg>`;
    sprite.set(m[1]!, `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`);
  }
  return sprite;
}

const nodeCache = new Map<string, TemplateNode>();

/**
 * One node type as n8n's template cards list it. A brand with a logo gets it as a data: URI; any
 * other node is drawn by the editor from its own node type of that name (`icon` only says it has one).
 */
export function templateNode(type: string, icons: Map<string, string>): TemplateNode {
  const hit = nodeCache.get(type);
  if (hit) return hit;
  const published = n8nNode(type);
  const integration = nodeIntegration(type);
  const displayName = published?.displayName ?? integration.name;
  const brand = integration.icon.startsWith('brand:') ? icons.get(integration.icon.slice(6)) : undefined;
  const node: TemplateNode = {
    id: templateNumber(type),
    name: type,
    displayName,
    icon: 'fa:cube',
    ...(brand ? { iconData: { type: 'file' as const, fileBuffer: brand } } : {}),
    typeVersion: 1,
    defaults: { name: displayName },
    // n8n's template cards leave out its "Core Nodes" when a workflow has others.
    categories: (published?.categories ?? []).map((name) => ({
      id: templateNumber(`category:${name}`),
      name,
    })),
  };
  nodeCache.set(type, node);
  return node;
}

const STICKY = 'n8n-nodes-base.stickyNote';

let fullTypes: Map<string, string> | undefined;

/**
 * The index keeps short node types (`slack`); n8n's editor finds a node by its full type
 * (`n8n-nodes-base.slack`). n8n's own nodes first, then its AI nodes; others stay as they are.
 */
export function fullNodeType(type: string): string {
  if (type.includes('.')) return type;
  if (!fullTypes) {
    fullTypes = new Map();
    const entries = n8nNodeEntries().map(([t]) => t);
    for (const t of [...entries.filter((e) => e.startsWith('n8n-nodes-base.')), ...entries]) {
      const short = t.slice(t.lastIndexOf('.') + 1);
      if (!fullTypes.has(short)) fullTypes.set(short, t);
    }
  }
  return fullTypes.get(type) ?? type;
}

export function templateNodes(nodeTypes: readonly string[], icons: Map<string, string>): TemplateNode[] {
  return [...new Set(nodeTypes.map(fullNodeType))]
    .filter((t) => t !== STICKY)
    .map((t) => templateNode(t, icons));
}

/** A search hit (ITemplatesWorkflow). `totalViews`: members' recorded views of the template. */
export function templateWorkflow(
  entry: { card: AutomationCard; nodeTypes: readonly string[] },
  views: number,
  icons: Map<string, string>,
): TemplateWorkflow {
  const { card } = entry;
  const author = card.author || 'Flowvault';
  return {
    id: templateNumber(card.id),
    createdAt: card.createdAt,
    name: card.title,
    description: card.summary,
    nodes: templateNodes(entry.nodeTypes, icons),
    totalViews: views,
    user: { name: author, username: author, avatar: null, verified: false },
  };
}

export function categoryOf(card: AutomationCard): Category[] {
  const found = TEMPLATE_CATEGORIES.find((c) => c.name === card.category);
  return found ? [found] : [];
}

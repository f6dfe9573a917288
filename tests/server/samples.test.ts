import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { assessReadiness } from '#shared/catalog/readiness.ts';

// The sample library in samples/: shape of every workflow file and manifest row, and the coverage
// the catalogue needs (filter tags, deployable and not deployable workflows, template-only rows).

const SAMPLES = resolve(import.meta.dirname, '../../samples');
const WORKFLOWS = join(SAMPLES, 'workflows');

interface N8nNode {
  id: unknown;
  name: unknown;
  type: unknown;
  typeVersion: unknown;
  position: unknown;
  parameters: unknown;
  credentials?: Record<string, { id: string; name: string }>;
}
interface N8nConnection {
  node: string;
  type: string;
  index: number;
}
interface Workflow {
  name: string;
  nodes: N8nNode[];
  connections: Record<string, Record<string, N8nConnection[][]>>;
  settings: Record<string, unknown>;
}
type Row = Record<string, unknown>;

// Node types the samples may use: real n8n core and LangChain nodes (guards against typos).
const KNOWN_TYPES = new Set([
  ...[
    'aggregate',
    'airtable',
    'calendlyTrigger',
    'code',
    'discord',
    'emailSend',
    'errorTrigger',
    'executeWorkflow',
    'executeWorkflowTrigger',
    'extractFromFile',
    'filter',
    'formTrigger',
    'function',
    'github',
    'githubTrigger',
    'gmail',
    'gmailTrigger',
    'googleCalendar',
    'googleDrive',
    'googleDriveTrigger',
    'googleSheets',
    'html',
    'httpRequest',
    'hubspot',
    'if',
    'jira',
    'limit',
    'linkedIn',
    'manualTrigger',
    'merge',
    'n8n',
    'noOp',
    'notion',
    'openWeatherMap',
    'postgres',
    'removeDuplicates',
    'respondToWebhook',
    'rssFeedRead',
    'rssFeedReadTrigger',
    'scheduleTrigger',
    'set',
    'shopifyTrigger',
    'slack',
    'splitInBatches',
    'stickyNote',
    'stripe',
    'stripeTrigger',
    'summarize',
    'switch',
    'telegram',
    'telegramTrigger',
    'twitter',
    'typeformTrigger',
    'wait',
    'webhook',
    'whatsApp',
    'whatsAppTrigger',
    'wordpress',
    'youTube',
  ].map((t) => `n8n-nodes-base.${t}`),
  ...[
    'agent',
    'chainLlm',
    'chatTrigger',
    'documentDefaultDataLoader',
    'embeddingsOpenAi',
    'lmChatOpenAi',
    'memoryBufferWindow',
    'memoryPostgresChat',
    'openAi',
    'outputParserStructured',
    'textSplitterRecursiveCharacterTextSplitter',
    'toolHttpRequest',
    'vectorStorePinecone',
  ].map((t) => `@n8n/n8n-nodes-langchain.${t}`),
]);

const files = readdirSync(WORKFLOWS)
  .filter((f) => f.endsWith('.json'))
  .sort();
const raw = new Map(files.map((f) => [f, readFileSync(join(WORKFLOWS, f), 'utf8')]));
const workflows = new Map<string, Workflow>();
for (const [file, text] of raw) {
  try {
    workflows.set(file, JSON.parse(text) as Workflow);
  } catch {
    // reported by the "valid JSON" test below
  }
}
const manifestText = readFileSync(join(SAMPLES, 'manifest.json'), 'utf8');

function manifestRows(): Row[] {
  const parsed = JSON.parse(manifestText) as Row[] | { rows: Row[] };
  return Array.isArray(parsed) ? parsed : parsed.rows;
}

const isSticky = (n: N8nNode) => n.type === 'n8n-nodes-base.stickyNote';
const stickies = (wf: Workflow) => wf.nodes.filter(isSticky);
const stickyText = (wf: Workflow) =>
  stickies(wf)
    .map((n) => String((n.parameters as { content?: unknown }).content ?? ''))
    .join('\n');
const nodeTypes = (wf: Workflow) => wf.nodes.map((n) => String(n.type));

/** The spec's rule (replaced by readiness, decision 0023): more than 3 nodes, one not manual, function or webhook. */
function deployable(wf: Workflow): boolean {
  return wf.nodes.length > 3 && wf.nodes.some((n) => !/manual|function|webhook/i.test(String(n.type)));
}

/** Automation id of a manifest row, as the importer derives it. */
function rowId(row: Row): string {
  return row.source === '3000'
    ? `v3000-${String(row.name).toLowerCase().replace(/ /g, '-')}`
    : String(row.id);
}

const nonEmpty = (v: unknown) => typeof v === 'string' && v.trim().length > 0;
const isUrl = (v: unknown, host?: string) => {
  if (!nonEmpty(v)) return false;
  try {
    const url = new URL(String(v));
    return url.protocol === 'https:' && (host === undefined || url.hostname === host);
  } catch {
    return false;
  }
};

describe('sample workflows', () => {
  it('has at least 40 workflow files', () => {
    expect(files.length).toBeGreaterThanOrEqual(40);
  });

  it.each(files)('%s is valid JSON with a name, nodes, connections and settings', (file) => {
    expect(() => JSON.parse(raw.get(file)!)).not.toThrow();
    const wf = workflows.get(file)!;
    expect(nonEmpty(wf.name)).toBe(true);
    expect(Array.isArray(wf.nodes)).toBe(true);
    expect(wf.nodes.length).toBeGreaterThan(0);
    expect(typeof wf.connections).toBe('object');
    expect(wf.settings).toEqual({ executionOrder: 'v1' });
  });

  it.each(files)('%s has complete nodes with unique names', (file) => {
    const wf = workflows.get(file)!;
    const names = new Set<string>();
    const ids = new Set<string>();
    for (const node of wf.nodes) {
      expect(node.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(nonEmpty(node.name)).toBe(true);
      expect(KNOWN_TYPES.has(String(node.type)), String(node.type)).toBe(true);
      expect(typeof node.typeVersion).toBe('number');
      expect(Array.isArray(node.position)).toBe(true);
      const position = node.position as unknown[];
      expect(position).toHaveLength(2);
      expect(position.every((v) => Number.isFinite(v))).toBe(true);
      expect(typeof node.parameters).toBe('object');
      expect(node.parameters).not.toBeNull();
      expect(names.has(String(node.name))).toBe(false);
      expect(ids.has(String(node.id))).toBe(false);
      names.add(String(node.name));
      ids.add(String(node.id));
    }
  });

  it.each(files)('%s connects only existing nodes, and every non-note node is wired in', (file) => {
    const wf = workflows.get(file)!;
    const names = new Set(wf.nodes.map((n) => String(n.name)));
    const linked = new Set<string>();
    for (const [source, byType] of Object.entries(wf.connections)) {
      expect(names.has(source), `source ${source}`).toBe(true);
      linked.add(source);
      for (const [type, outputs] of Object.entries(byType)) {
        expect(type).toMatch(/^(main|ai_[a-zA-Z]+)$/);
        for (const output of outputs) {
          for (const target of output) {
            expect(names.has(target.node), `target ${target.node}`).toBe(true);
            expect(target.type).toBe(type);
            expect(Number.isInteger(target.index)).toBe(true);
            linked.add(target.node);
          }
        }
      }
    }
    for (const node of wf.nodes) {
      if (!isSticky(node)) expect(linked.has(String(node.name)), `unwired ${node.name}`).toBe(true);
    }
  });

  it.each(files)('%s has exactly one sticky note, at the top left, with content', (file) => {
    const wf = workflows.get(file)!;
    const notes = stickies(wf);
    expect(notes).toHaveLength(1);
    const note = notes[0]!;
    expect(stickyText(wf).trim().length).toBeGreaterThan(80);
    const [x, y] = note.position as [number, number];
    for (const node of wf.nodes) {
      const [nx, ny] = node.position as [number, number];
      expect(nx).toBeGreaterThanOrEqual(x);
      expect(ny).toBeGreaterThanOrEqual(y);
    }
  });

  it.each(files)('%s carries no secrets: credentials are empty references', (file) => {
    const wf = workflows.get(file)!;
    for (const node of wf.nodes) {
      for (const cred of Object.values(node.credentials ?? {})) {
        expect(cred.id).toBe('');
        expect(nonEmpty(cred.name)).toBe(true);
      }
    }
    expect(raw.get(file)).not.toMatch(/sk-[A-Za-z0-9]{20,}|xox[bp]-|ghp_[A-Za-z0-9]{20,}/);
  });

  // Each spec filter tag must be reachable: its words appear in the name or sticky note (or, for the
  // integration tags, a node of that kind is used) in at least two workflows.
  const tagRules: [tag: string, test: (text: string, types: string[]) => boolean][] = [
    ['ai-automation', (t) => /\bai automation\b/i.test(t)],
    ['data-processing', (t) => /\bdata processing\b/i.test(t)],
    ['content-creation', (t) => /\bcontent creation\b/i.test(t)],
    ['integrations', (t) => /\bintegration/i.test(t)],
    ['workflows', (t) => /\bworkflow/i.test(t)],
    ['ai-memory-rag', (t) => /\bmemory\b|\brag\b/i.test(t)],
    ['business-process', (t) => /\bbusiness process\b/i.test(t)],
    ['general-automation', (t) => /\bgeneral automation\b/i.test(t)],
    ['openai', (t, types) => /openai/i.test(t) && types.some((x) => /openAi/i.test(x))],
    ['telegram', (t, types) => /telegram/i.test(t) && types.some((x) => /telegram/i.test(x))],
    [
      'google',
      (t, types) => /google/i.test(t) && types.some((x) => /googleSheets|googleDrive|gmail/i.test(x)),
    ],
    ['video', (t) => /\bvideo|youtube/i.test(t)],
    ['podcast', (t) => /\bpodcast/i.test(t)],
    ['parallel', (t, types) => /\bparallel\b/i.test(t) && types.some((x) => /splitInBatches|merge/.test(x))],
    ['agent', (t, types) => /\bagent\b/i.test(t) && types.includes('@n8n/n8n-nodes-langchain.agent')],
  ];

  it.each(tagRules)('filter tag %s is reached by at least two workflows', (_tag, rule) => {
    const hits = [...workflows.values()].filter((wf) => rule(`${wf.name}\n${stickyText(wf)}`, nodeTypes(wf)));
    expect(hits.length).toBeGreaterThanOrEqual(2);
  });

  it('has at least four small workflows the spec node count refused, all of them whole (decision 0023)', () => {
    const all = [...workflows.values()];
    const small = all.filter((wf) => !deployable(wf));
    expect(small.length).toBeGreaterThanOrEqual(4);
    expect(all.length - small.length).toBeGreaterThan(all.length * 0.8);
    for (const wf of small) expect(assessReadiness(wf as never).level, wf.name as string).toBe('ready');
  });

  it('mixes difficulty: simple/basic beginners and advanced/complex ones', () => {
    const texts = [...workflows.values()].map((wf) => `${wf.name}\n${stickyText(wf)}`);
    expect(texts.filter((t) => /\b(simple|basic|beginner)/i.test(t)).length).toBeGreaterThanOrEqual(4);
    expect(texts.filter((t) => /\b(advanced|complex)\b/i.test(t)).length).toBeGreaterThanOrEqual(4);
  });

  it('uses LangChain sub-node connections the n8n way', () => {
    const aiTypes = new Set<string>();
    for (const wf of workflows.values()) {
      for (const byType of Object.values(wf.connections)) {
        for (const type of Object.keys(byType)) if (type !== 'main') aiTypes.add(type);
      }
    }
    for (const type of ['ai_languageModel', 'ai_memory', 'ai_tool', 'ai_embedding', 'ai_document']) {
      expect(aiTypes.has(type), type).toBe(true);
    }
  });
});

describe('sample manifest', () => {
  const rows = manifestRows();
  const vault = rows.filter((r) => r.source === 'vault');
  const v3000 = rows.filter((r) => r.source === '3000');

  it('is valid JSON holding rows of the two sources only', () => {
    expect(() => JSON.parse(manifestText)).not.toThrow();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(['vault', '3000']).toContain(row.source);
  });

  it('gives every vault row its required fields', () => {
    expect(vault.length).toBeGreaterThan(0);
    for (const row of vault) {
      expect(row.id, JSON.stringify(row)).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      for (const key of ['title', 'description', 'creator', 'date_posted']) {
        expect(nonEmpty(row[key]), `${row.id}.${key}`).toBe(true);
      }
      for (const key of ['youtube_url', 'resource_url', 'template_url']) {
        expect(typeof row[key], `${row.id}.${key}`).toBe('string');
      }
      expect(String(row.date_posted)).toMatch(/^20(25|26)-\d{2}-\d{2}$/);
      expect(Number.isNaN(Date.parse(String(row.date_posted)))).toBe(false);
      // No invented links (issue 43): the samples were written for Flowvault, so no video or n8n.io
      // template page shows them. A placeholder id drew broken thumbnails and an empty player.
      expect(row.youtube_url, `${row.id}.youtube_url`).toBe('');
      expect(row.template_url, `${row.id}.template_url`).toBe('');
      if (row.resource_url !== '') expect(isUrl(row.resource_url), String(row.id)).toBe(true);
    }
  });

  it('gives every 3000 row its required fields', () => {
    expect(v3000.length).toBeGreaterThan(0);
    for (const row of v3000) {
      expect(nonEmpty(row.name)).toBe(true);
      expect(nonEmpty(row.description)).toBe(true);
      expect(row.score === '' || (typeof row.score === 'number' && row.score >= 0 && row.score <= 5)).toBe(
        true,
      );
      expect(row.template_url, String(row.name)).toBe('');
    }
    expect(v3000.some((r) => typeof r.score === 'number')).toBe(true);
    expect(v3000.some((r) => r.score === '')).toBe(true);
  });

  it('has unique automation ids across both sources', () => {
    const ids = rows.map(rowId);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('points file at existing workflows, each joined by at most one row', () => {
    const joined = new Map<string, string>();
    for (const row of rows) {
      let file: string | undefined;
      if (nonEmpty(row.file)) {
        const path = resolve(SAMPLES, String(row.file));
        expect(existsSync(path), String(row.file)).toBe(true);
        file = basename(path);
      } else if (row.source === 'vault' && raw.has(`${row.id}.json`)) {
        file = `${row.id}.json`;
      }
      // Every row has its workflow: a sample without one would be an item with nothing to sell.
      expect(file, rowId(row)).toBeDefined();
      if (file === undefined) continue;
      expect(joined.has(file), `${file} joined twice`).toBe(false);
      joined.set(file, rowId(row));
    }
    const unlisted = files.filter((f) => !joined.has(f));
    expect(unlisted.length).toBeGreaterThanOrEqual(3);
    expect(joined.size).toBeGreaterThan(files.length / 2);
  });

  it('includes several authors with more than one workflow', () => {
    const perAuthor = new Map<string, number>();
    for (const row of vault)
      perAuthor.set(String(row.creator), (perAuthor.get(String(row.creator)) ?? 0) + 1);
    expect([...perAuthor.values()].filter((n) => n >= 3).length).toBeGreaterThanOrEqual(3);
  });
});

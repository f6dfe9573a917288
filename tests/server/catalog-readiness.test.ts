// Readiness by what the graph is (decision 0023), measured against hand-labelled workflows
// (tests/fixtures/readiness/labels.json): real files of the reference corpus (every label written by
// reading the file's nodes and connections: what starts it, what runs after, what is attached to
// what) and crafted files for every flag. Prints `template readiness: wrong readiness E/K`; the
// target is E = 0.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assessReadiness, type ReadinessCode, type ReadinessLevel } from '#shared/catalog/readiness.ts';
import type { WorkflowJson, WorkflowNode } from '#shared/catalog/workflow-types.ts';
import { type CorpusFile, corpusGate, loadCorpus } from '#tests/support/n8n-corpus.ts';

type Label = { level: Exclude<ReadinessLevel, 'guide'>; why: string };

type CraftedNode = string | (WorkflowNode & { name: string; type: string; disabled?: boolean });
/** The labels (data: tests/fixtures/readiness/labels.json, its notation explained there). */
const LABELS = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../fixtures/readiness/labels.json'), 'utf8'),
) as {
  corpus: { group: string; labels: Record<string, Label> }[];
  crafted: ({ name: string; nodes: CraftedNode[]; links?: string[]; code?: ReadinessCode } & Label)[];
};

/** Corpus files, labelled by reading them. */
const CORPUS: Record<string, Label> = Object.assign({}, ...LABELS.corpus.map((g) => g.labels));

const B = 'n8n-nodes-base.';
/** `Name=type` or a node object; a type without a package is n8n-nodes-base's. */
function node(spec: CraftedNode): WorkflowNode {
  const { name, type, ...extra } =
    typeof spec === 'string' ? { name: spec.split('=')[0]!, type: spec.split('=')[1]! } : spec;
  return {
    name,
    type: type.includes('.') ? type : B + type,
    typeVersion: 1,
    position: [0, 0],
    parameters: {},
    ...extra,
  };
}
/** `a>b` main links, `a~kind>b` AI links. */
function wf(nodes: WorkflowNode[], links: string[] = []): WorkflowJson {
  const connections: Record<string, Record<string, { node: string; type: string; index: number }[][]>> = {};
  for (const link of links) {
    const [from = '', rest = ''] = link.includes('~')
      ? link.split('~')
      : [link.split('>')[0], `main>${link.split('>')[1]}`];
    const [kind = 'main', to = ''] = rest.split('>');
    connections[from] ??= {};
    const byKind = connections[from];
    byKind[kind] ??= [[]];
    byKind[kind][0]?.push({ node: to, type: kind, index: 0 });
  }
  return { name: 'crafted', nodes, connections };
}

/** Crafted files: one per flag and the edges of each rule. */
const CRAFTED: { name: string; workflow: WorkflowJson; label: Label; code?: ReadinessCode }[] =
  LABELS.crafted.map((c) => ({
    name: c.name,
    workflow: wf(c.nodes.map(node), c.links),
    label: { level: c.level, why: c.why },
    code: c.code,
  }));

const gate = corpusGate();

describe(`template readiness on hand-labelled workflows${gate.title}`, () => {
  let files: Map<string, CorpusFile> = new Map();
  let cleanup = () => {};
  beforeAll(() => {
    if (!gate.present) return;
    const corpus = loadCorpus();
    files = new Map(corpus.files.map((f) => [f.file.replace(/^workflows\//, ''), f]));
    cleanup = corpus.cleanup;
  });
  afterAll(() => cleanup());

  it.runIf(gate.present)('agrees with every label (prints wrong readiness E/K)', () => {
    const wrong: string[] = [];
    for (const [file, label] of Object.entries(CORPUS)) {
      const text = files.get(file)?.text;
      expect(text, file).toBeDefined();
      const got = assessReadiness(JSON.parse(text!) as WorkflowJson);
      if (got.level !== label.level)
        wrong.push(
          `${file}: ${got.level}, labelled ${label.level} (${label.why}) ${got.flags.map((f) => f.code)}`,
        );
    }
    for (const c of CRAFTED) {
      const got = assessReadiness(c.workflow);
      if (got.level !== c.label.level) wrong.push(`${c.name}: ${got.level}, labelled ${c.label.level}`);
      if (c.code && !got.flags.some((f) => f.code === c.code)) wrong.push(`${c.name}: no ${c.code} flag`);
    }
    const k = Object.keys(CORPUS).length + CRAFTED.length;
    console.log(`template readiness: wrong readiness ${wrong.length}/${k}`);
    expect(k).toBeGreaterThanOrEqual(60);
    expect(wrong).toEqual([]);
  });
});

describe('readiness reasons a member can read', () => {
  it('names the nodes and says what to do', () => {
    const r = assessReadiness(CRAFTED.find((c) => c.name === 'agent without model')!.workflow);
    expect(r.flags[0]?.message).toBe('“Agent” has no chat model connected: n8n stops it with an error.');
    const community = assessReadiness(CRAFTED.find((c) => c.name === 'community node')!.workflow);
    expect(community.flags[0]?.message).toContain('community package n8n-nodes-klicktipp');
  });

  it('treats an item without a workflow as a guide', () => {
    expect(assessReadiness(null)).toMatchObject({ level: 'guide', flags: [{ code: 'no-workflow' }] });
  });
});

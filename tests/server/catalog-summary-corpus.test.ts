// Generated summaries and steps on real files of the reference corpus (decision 0012). Every
// expectation (tests/fixtures/summary/corpus-summaries.json) was written by reading the file: its
// trigger node, the apps on its main path and the order n8n runs them in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWorkflowText } from '#shared/catalog/parse-workflow.ts';
import { MAX_CARD_SUMMARY, summariseWorkflow } from '#shared/catalog/summary.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import { type CorpusFile, loadCorpus } from '#tests/support/n8n-corpus.ts';

type Expectation = {
  file: string;
  trigger: string;
  apps: string[];
  /** Node names that must appear in the steps in this order. */
  order: string[];
  /** Text a step must contain (operation words, agent parts). */
  step?: string;
  /** Why a label is what it is, where reading the file alone does not say. */
  note?: string;
};

/** The hand-written expectations, one per corpus file (data: tests/fixtures/summary/corpus-summaries.json). */
const CASES = (
  JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../fixtures/summary/corpus-summaries.json'), 'utf8'),
  ) as { cases: Expectation[] }
).cases;

let corpus: { files: CorpusFile[]; cleanup(): void };
const byFile = new Map<string, WorkflowJson>();

beforeAll(() => {
  corpus = loadCorpus();
  for (const f of corpus.files) {
    const parsed = parseWorkflowText(f.text);
    if (parsed.ok) byFile.set(f.file.replace(/^workflows\//, ''), parsed.workflow);
  }
});
afterAll(() => corpus?.cleanup());

describe('summary and steps from the graph, on real corpus files', () => {
  it.each(CASES)('$file', (c) => {
    const workflow = byFile.get(c.file);
    expect(workflow, `${c.file} is in the corpus`).toBeDefined();
    const s = summariseWorkflow(workflow!);
    expect(s.trigger).toBe(c.trigger);
    expect(s.apps).toEqual(c.apps);
    expect(s.steps[0]).toBe(`${c.trigger}.`);
    expect(s.summary.startsWith(`${c.trigger},`) || s.summary === `${c.trigger}.`).toBe(true);
    expect(s.summary.length).toBeLessThanOrEqual(MAX_CARD_SUMMARY);
    // Each named node shows up in a step, in execution order.
    const at = c.order.map((name) => s.steps.findIndex((line) => line.includes(`"${name}"`)));
    expect(
      at.every((i) => i > 0),
      `steps: ${s.steps.join(' | ')}`,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    if (c.step) expect(s.steps.some((line) => line.includes(c.step!))).toBe(true);
    // Never the author's sticky notes.
    const notes = workflow!.nodes.filter((n) => n.type === 'n8n-nodes-base.stickyNote');
    for (const n of notes) {
      const text = String(n.parameters?.content ?? '').trim();
      if (text.length > 20) expect(s.description).not.toContain(text.slice(0, 20));
    }
  });

  it('every corpus file gets a summary within 160 characters and at least the trigger step', () => {
    for (const [file, workflow] of byFile) {
      const s = summariseWorkflow(workflow);
      expect(s.summary.length, file).toBeLessThanOrEqual(MAX_CARD_SUMMARY);
      expect(s.summary.length, file).toBeGreaterThan(10);
      expect(s.steps.length, file).toBeGreaterThanOrEqual(1);
    }
    expect(byFile.size).toBeGreaterThan(2000);
  });

  it('imports the 246-node file with 72 sticky notes (174 executable nodes)', () => {
    const file = corpus.files.find((f) => f.file.endsWith('1897_Webhook_Filter_Sync_Webhook.json'))!;
    const parsed = parseWorkflowText(file.text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.workflow.nodes).toHaveLength(246);
  });
});

// The node type → credential types table (decision 0012) against every node type of the reference
// corpus: no type that needs an account may be missing from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { credentialFor, deriveCredentials, isMapped, tableCredentials } from '#shared/catalog/credentials.ts';
import { parseWorkflowText } from '#shared/catalog/parse-workflow.ts';
import { isStickyNote, type WorkflowJson, type WorkflowNode } from '#shared/catalog/workflow-types.ts';
import { type CorpusFile, loadCorpus } from '#tests/support/n8n-corpus.ts';

let corpus: { files: CorpusFile[]; cleanup(): void };
const workflows: WorkflowJson[] = [];
beforeAll(() => {
  corpus = loadCorpus();
  for (const f of corpus.files) {
    const parsed = parseWorkflowText(f.text);
    if (parsed.ok) workflows.push(parsed.workflow);
  }
});
afterAll(() => corpus?.cleanup());

const ownCredentials = (n: WorkflowNode) =>
  n.credentials && typeof n.credentials === 'object' ? Object.keys(n.credentials) : [];

describe('credentials table over the reference corpus', () => {
  it('maps every node type known to need credentials', () => {
    const types = new Map<string, { seenWithCredentials: boolean }>();
    for (const w of workflows)
      for (const n of w.nodes) {
        if (isStickyNote(n) || typeof n.type !== 'string') continue;
        const t = types.get(n.type) ?? { seenWithCredentials: false };
        if (ownCredentials(n).length) t.seenWithCredentials = true;
        types.set(n.type, t);
      }
    // Known to need credentials: a real file gives it one, or n8n's metadata requires one.
    const needing = [...types].filter(
      ([type, t]) => t.seenWithCredentials || tableCredentials(type).length > 0,
    );
    const unmapped = needing.filter(([type]) => !isMapped(type)).map(([type]) => type);
    const mapped = needing.length - unmapped.length;
    console.log(`credentials table: ${mapped}/${needing.length} node types mapped`);
    expect(unmapped).toEqual([]);
    expect(needing.length).toBeGreaterThan(300);
  });

  it("derives the file's own credential for a node whose entry is removed (most nodes)", () => {
    let checked = 0;
    let same = 0;
    const misses = new Map<string, number>();
    for (const w of workflows)
      for (const n of w.nodes) {
        const own = ownCredentials(n);
        if (own.length !== 1 || !tableCredentials(n.type ?? '').includes(own[0]!)) continue;
        checked++;
        if (credentialFor({ ...n, credentials: undefined }) === own[0]) same++;
        else misses.set(`${n.type} → ${own[0]}`, (misses.get(`${n.type} → ${own[0]}`) ?? 0) + 1);
      }
    console.log(`credentials table: ${same}/${checked} stripped nodes get their file's credential back`);
    expect(
      same / checked,
      JSON.stringify([...misses].sort((a, b) => b[1] - a[1]).slice(0, 10)),
    ).toBeGreaterThan(0.9);
  });

  it('completes the checklist for nodes without entries and keeps the file’s own', () => {
    const nodes: WorkflowNode[] = [
      { name: 'Post', type: 'n8n-nodes-base.slack', parameters: {} },
      { name: 'Log', type: 'n8n-nodes-base.googleSheets', credentials: { googleApi: { id: '1' } } },
      { name: 'Read', type: 'n8n-nodes-base.googleSheets', parameters: {} },
      {
        name: 'Call',
        type: 'n8n-nodes-base.httpRequest',
        parameters: { authentication: 'predefinedCredentialType', nodeCredentialType: 'notionApi' },
      },
      { name: 'Plain call', type: 'n8n-nodes-base.httpRequest', parameters: {} },
      { name: 'Shape', type: 'n8n-nodes-base.set' },
      { name: 'Hook', type: 'n8n-nodes-base.webhook', parameters: {} },
    ];
    expect(deriveCredentials(nodes).map((c) => [c.type, c.nodes])).toEqual([
      ['slackApi', ['Post']],
      ['googleApi', ['Log']],
      ['googleSheetsOAuth2Api', ['Read']],
      ['notionApi', ['Call']],
    ]);
  });
});

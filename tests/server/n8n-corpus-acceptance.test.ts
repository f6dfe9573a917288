// Every workflow of the reference corpus goes through preflight (with each stand-in version's own
// openapi.yml) and is POSTed to both stand-in versions over real HTTP through the SSRF guard.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createN8nClient } from '#server/n8n/n8n-client.ts';
import { N8nApiError } from '#server/n8n/n8n-errors.ts';
import { preflightWorkflow } from '#server/n8n/preflight.ts';
import { createGuardedFetch } from '#server/n8n/ssrf-guard.ts';
import { type CorpusFile, corpusGate, loadCorpus, mapLimit } from '#tests/support/n8n-corpus.ts';
import { type StandinVersion, startN8nStandin } from '#tests/support/n8n-standin.ts';

/**
 * Files of the corpus that are not workflows: an empty object, and nine files mangled line by line
 * into `{"\"nodes\"": "[", "\"name\"": "\"NoOp\",", …}` (duplicate keys collapsed, closing
 * brackets lost), so the original structure cannot be recovered. Preflight must reject exactly
 * these, each with a clear reason.
 */
const NOT_WORKFLOWS: Record<string, RegExp> = {
  'workflows/Automation/1290_Automation.json': /^Not an n8n workflow: the file is an empty object$/,
  ...Object.fromEntries(
    [
      'workflows/Automate/1271_Automate.json',
      'workflows/Automate/1326_Automate.json',
      'workflows/Automate/1911_Automate.json',
      'workflows/Automation/1250_Automation.json',
      'workflows/Automation/1497_Automation.json',
      'workflows/Automation/1634_Automation.json',
      'workflows/Automation/2047_Automation.json',
      'workflows/Export/1597_Export.json',
      'workflows/Send/1409_Send.json',
    ].map((file) => [
      file,
      /^Not an n8n workflow: its keys are fragments of JSON lines \(.+\), so the original structure is lost$/,
    ]),
  ),
};

const gate = corpusGate();
let corpus: { files: CorpusFile[]; cleanup(): void };
beforeAll(() => {
  if (gate.present) corpus = loadCorpus();
});
afterAll(() => corpus?.cleanup());

describe.runIf(gate.present).each(['older', 'newer'] as StandinVersion[])(
  `corpus acceptance on the %s stand-in${gate.title}`,
  (version) => {
    it('accepts every workflow of the corpus after preflight', async () => {
      expect(corpus.files.length).toBe(2055);
      const standin = await startN8nStandin({ version });
      const guarded = createGuardedFetch({ allowPrivateTargets: true, allowedPorts: [standin.port] });
      try {
        const client = createN8nClient({
          fetch: guarded,
          instance: { url: standin.url, apiKey: standin.apiKey },
        });
        const { capabilities, fallbackReason } = await client.getCapabilities();
        expect(fallbackReason).toBeNull();
        expect(capabilities.source).toBe('openapi');
        expect('executionOrder' in capabilities.settings).toBe(version === 'newer');

        const preflightRejects: { file: string; reason: string }[] = [];
        const apiRejects: { file: string; reason: string }[] = [];
        let accepted = 0;
        await mapLimit(corpus.files, 8, async ({ file, text }) => {
          const result = preflightWorkflow(text, capabilities);
          if (!result.ok) {
            preflightRejects.push({ file, reason: result.reason });
            return;
          }
          try {
            const created = await client.createWorkflow(result.payload);
            expect(created.name).toBe(result.payload.name);
            accepted++;
          } catch (error) {
            apiRejects.push({
              file,
              reason: error instanceof N8nApiError ? `${error.status} ${error.body}` : String(error),
            });
          }
        });

        console.log(
          `n8n payload acceptance: ${accepted}/${corpus.files.length} (stand-in ${standin.n8nVersion})`,
        );
        for (const r of [...preflightRejects, ...apiRejects].sort((a, b) => a.file.localeCompare(b.file))) {
          console.log(`  rejected ${r.file}: ${r.reason}`);
        }
        expect(apiRejects).toEqual([]);
        expect(preflightRejects.map((r) => r.file).sort()).toEqual(Object.keys(NOT_WORKFLOWS).sort());
        for (const r of preflightRejects) expect(r.reason).toMatch(NOT_WORKFLOWS[r.file] as RegExp);
        expect(accepted).toBe(corpus.files.length - Object.keys(NOT_WORKFLOWS).length);
        expect(standin.workflows.size).toBe(accepted);
      } finally {
        await guarded.close();
        await standin.close();
      }
    });
  },
);

describe.runIf(gate.present)(`the corpus as-is${gate.title}`, () => {
  it('is mostly rejected by n8n without preflight (the stand-in is as strict as n8n)', async () => {
    const standin = await startN8nStandin({ version: 'newer' });
    const guarded = createGuardedFetch({ allowPrivateTargets: true, allowedPorts: [standin.port] });
    try {
      const reasons = new Map<string, number>();
      let acceptedRaw = 0;
      await mapLimit(corpus.files, 8, async ({ text }) => {
        const response = await guarded(`${standin.url}/api/v1/workflows`, {
          method: 'POST',
          headers: { 'X-N8N-API-KEY': standin.apiKey, 'Content-Type': 'application/json' },
          body: text,
        });
        if (response.status === 200) acceptedRaw++;
        else {
          const messages = (JSON.parse(response.body) as { message: string }).message.split(', ');
          for (const key of new Set(messages.map((m) => m.replace(/\/\d+/g, '/N')))) {
            reasons.set(key, (reasons.get(key) ?? 0) + 1);
          }
        }
      });
      console.log(`raw files accepted as-is: ${acceptedRaw}/${corpus.files.length}`);
      const top = [...reasons].sort((a, b) => b[1] - a[1]).slice(0, 8);
      for (const [reason, count] of top) console.log(`  ${count} files: ${reason}`);
      expect(acceptedRaw).toBeLessThan(corpus.files.length / 2);
      expect(reasons.get('request/body/id is read-only')).toBeGreaterThan(0);
      expect(reasons.get('request/body must NOT have additional properties')).toBeGreaterThan(0);
    } finally {
      await guarded.close();
      await standin.close();
    }
  });
});

// What the set-up wizard cannot fix is told on the detail page before deploying (issue 39, decision
// 0024): a node n8n 2.x removed or turns off by default, a community node and the author's
// sub-workflow, from the node table alone (no n8n connection needed); nothing for a sound template.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { importCatalogPath } from '#server/catalog/import-catalog.ts';
import { automations } from '#server/db/schema/catalog.ts';
import { createTestApp } from '#tests/support/test-app.ts';
import { viewerFromHeader } from '#tests/support/viewers.ts';
import { fourSteps, node, subWorkflowCall } from '#tests/support/workflows.ts';

const start = () => node('Every day', 'n8n-nodes-base.scheduleTrigger');

const FIXTURES = {
  'command.json': fourSteps(
    'Backs up with a command',
    start(),
    node('Run backup', 'n8n-nodes-base.executeCommand', { parameters: { command: 'echo hi' } }, 600),
  ),
  'spontit.json': fourSteps('Pushes with Spontit', start(), node('Push', 'n8n-nodes-base.spontit', {}, 600)),
  'sub.json': fourSteps('Reads its config', start(), subWorkflowCall()),
  'community.json': fourSteps(
    'Uses a community node',
    start(),
    node('Transcript', 'n8n-nodes-youtube-transcript.youtubeTranscripter', {}, 600),
  ),
  'sound.json': fourSteps('Sound, from the old Start', node('Start', 'n8n-nodes-base.start')),
};

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('publish blockers on the detail page', () => {
  it('names each reason the wizard cannot fix, per node, for n8n 2.x', async () => {
    const t = await createTestApp({ resolveViewer: viewerFromHeader() });
    dir = mkdtempSync(path.join(tmpdir(), 'fv-blockers-'));
    for (const [file, workflow] of Object.entries(FIXTURES))
      writeFileSync(path.join(dir, file), JSON.stringify(workflow));
    const report = await importCatalogPath({ database: t.database, target: dir, source: 'test' });
    expect(report.imported).toBe(Object.keys(FIXTURES).length);
    const rows = await t.database.db
      .select({ id: automations.id, filePath: automations.filePath })
      .from(automations);
    const ids = Object.fromEntries(rows.map((r) => [path.basename(r.filePath ?? ''), r.id]));
    const blockers = async (file: string) => {
      const res = await t.client.api.catalog.automations[':id'].$get(
        { param: { id: ids[file]! } },
        { headers: { 'x-test-viewer': 'member' } },
      );
      expect(res.status).toBe(200);
      return ((await res.json()) as { publishBlockers: { release: string; issues: unknown[] } | null })
        .publishBlockers;
    };

    const command = await blockers('command.json');
    expect(command?.release).toBe('2.40.7');
    expect(command?.issues).toEqual([
      expect.objectContaining({
        code: 'node-excluded',
        nodes: ['Run backup'],
        message: expect.stringMatching(
          /^“Run backup”: n8n 2\.x turns the Execute Command node off by default\. .*NODES_EXCLUDE/,
        ),
      }),
    ]);
    expect((await blockers('spontit.json'))?.issues).toEqual([
      expect.objectContaining({
        code: 'node-removed',
        nodes: ['Push'],
        message: expect.stringContaining('n8n 2.x no longer has the'),
      }),
    ]);
    expect((await blockers('sub.json'))?.issues).toEqual([
      expect.objectContaining({
        code: 'sub-workflow',
        nodes: ['Read Config'],
        message: expect.stringContaining(
          'calls a sub-workflow of the template author’s n8n, “Config store” (id 1004 there)',
        ),
      }),
    ]);
    expect((await blockers('community.json'))?.issues).toEqual([
      expect.objectContaining({ code: 'community-node', nodes: ['Transcript'] }),
    ]);
    // Start is replaced by preflight on 2.x: not a blocker.
    expect(await blockers('sound.json')).toEqual({ release: '2.40.7', issues: [] });
  });
});

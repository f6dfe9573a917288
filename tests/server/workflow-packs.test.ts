import path from 'node:path';
import { expect, it } from 'vitest';
import { parseWorkflowText } from '#shared/catalog/parse-workflow.ts';
import { buildWorkflowPacks } from '../../scripts/content/workflow-packs.ts';

it('builds the four blog workflow packs from the sample library', () => {
  const packs = buildWorkflowPacks(path.resolve('samples'));
  expect(packs.map((p) => p.file)).toEqual([
    'workflows/beginner-automation-pack.json',
    'workflows/ecommerce-automation-pack.json',
    'workflows/ai-integration-pack.json',
    'workflows/social-media-pack.json',
  ]);
  for (const pack of packs) {
    const body = JSON.parse(pack.body) as { workflows: { workflow: unknown }[] };
    expect(body.workflows.length).toBeGreaterThanOrEqual(2);
    for (const w of body.workflows) expect(parseWorkflowText(JSON.stringify(w.workflow)).ok).toBe(true);
  }
});

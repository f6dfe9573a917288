// The blog's "Get the Workflow" packs, built from the sample library with the catalogue's own
// derived fields (difficulty, tags, category), so a pack always matches what the library says.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { deriveAutomation } from '../../src/shared/catalog/derive-automation.ts';
import { parseWorkflowText } from '../../src/shared/catalog/parse-workflow.ts';

type Candidate = {
  file: string;
  title: string;
  text: string;
  derived: ReturnType<typeof deriveAutomation>;
  workflow: unknown;
};

const PACKS: { id: string; name: string; description: string; matches(c: Candidate): boolean }[] = [
  {
    id: 'beginner-automation-pack',
    name: 'Beginner automation pack',
    description: 'Small, deployable n8n workflows to learn triggers, branching and integrations.',
    matches: (c) => c.derived.difficulty === 'Beginner' && c.derived.deployable,
  },
  {
    id: 'ecommerce-automation-pack',
    name: 'E-commerce automation pack',
    description: 'Orders, stock, prices, invoices and customers: n8n workflows for online shops.',
    matches: (c) =>
      /\b(shop|shopify|woocommerce|order|e-?commerce|inventory|stock|price|invoice|customer|refund)s?\b/i.test(
        c.text,
      ),
  },
  {
    id: 'ai-integration-pack',
    name: 'AI integration pack',
    description: 'n8n workflows that use OpenAI models and AI agents for real work.',
    matches: (c) => c.derived.tags.includes('openai') || c.derived.tags.includes('agent'),
  },
  {
    id: 'social-media-pack',
    name: 'Social media pack',
    description: 'Posting, repurposing and monitoring content across social channels with n8n.',
    matches: (c) =>
      /\b(social|twitter|linkedin|instagram|youtube|facebook|tiktok|content|podcast|video)\b/i.test(c.text),
  },
];

const MAX_PER_PACK = 8;

export function buildWorkflowPacks(samplesDir: string): { file: string; body: string; count: number }[] {
  const dir = path.join(samplesDir, 'workflows');
  const candidates: Candidate[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const parsed = parseWorkflowText(readFileSync(path.join(dir, file), 'utf8'));
    if (!parsed.ok) continue;
    const derived = deriveAutomation({ workflow: parsed.workflow, fileName: file });
    candidates.push({
      file,
      title: derived.title,
      text: `${derived.title} ${derived.description}`,
      derived,
      workflow: parsed.workflow,
    });
  }
  return PACKS.map((pack) => {
    const chosen = candidates.filter(pack.matches).slice(0, MAX_PER_PACK);
    if (chosen.length === 0) throw new Error(`Workflow pack ${pack.id} matched no sample workflow`);
    const body = JSON.stringify(
      {
        name: pack.name,
        description: pack.description,
        howToImport:
          'In n8n: Workflows → Import from File, once per workflow (save each "workflow" object as its own .json file), or paste it onto the canvas.',
        workflows: chosen.map((c) => ({ title: c.title, file: c.file, workflow: c.workflow })),
      },
      null,
      2,
    );
    return { file: `workflows/${pack.id}.json`, body, count: chosen.length };
  });
}

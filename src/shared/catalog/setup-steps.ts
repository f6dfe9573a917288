import { withArticle } from './english.ts';
import type { RequiredCredential } from './workflow-facts.ts';

/** The five fixed set-up steps (spec part 1 §3). */
export const FIXED_SETUP_STEPS = [
  'Copy the workflow JSON or download the file.',
  'In n8n, create a new workflow and import the file, or paste the JSON onto the canvas.',
  'Open each node that needs an account and connect your credentials.',
  'Review the node settings and adapt them to your accounts and data.',
  'Run a test execution, check the output, then activate the workflow.',
] as const;

/** The five fixed steps, then one line per credential the workflow needs. */
export function deriveSetupSteps(credentials: RequiredCredential[]): string[] {
  return [
    ...FIXED_SETUP_STEPS,
    ...credentials.map((c) => `Add ${withArticle(c.name)} credential (used by ${c.nodes.join(', ')}).`),
  ];
}

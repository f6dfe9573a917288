import { deriveCategory, deriveDifficulty, deriveTags } from './classify.ts';
import type { Category, Difficulty } from './constants.ts';
import { deriveIntegrations } from './integrations.ts';
import { deriveSetupSteps } from './setup-steps.ts';
import { nodeTypesOf, structureHash } from './structure.ts';
import { cardSummary, deriveDescription, deriveTitle } from './text.ts';
import {
  countNodes,
  deriveCredentials,
  deriveHowItWorks,
  deriveTriggerType,
  isDeployable,
  type RequiredCredential,
} from './workflow-facts.ts';
import type { WorkflowJson } from './workflow-types.ts';

/** Everything the catalogue derives from a workflow file and/or a source row. */
export type DerivedAutomation = {
  title: string;
  description: string;
  summary: string;
  category: Category;
  difficulty: Difficulty;
  tags: string[];
  integrations: string[];
  triggerType: string;
  nodeCount: number;
  credentials: RequiredCredential[];
  deployable: boolean;
  howItWorks: string;
  setupSteps: string[];
  /** Distinct node types (search) and the wiring's hash (variants). */
  nodeTypes: string[];
  structureHash: string;
};

export const TEMPLATE_ONLY_DESCRIPTION = 'Template only: open the template link to get this workflow.';

/** Derives the catalogue fields. `workflow` is null for template-only rows. */
export function deriveAutomation(input: {
  workflow: WorkflowJson | null;
  fileName?: string;
  title?: string;
  description?: string;
}): DerivedAutomation {
  const nodes = input.workflow?.nodes ?? [];
  const integrations = deriveIntegrations(nodes);
  const triggerType = input.workflow ? deriveTriggerType(nodes) : 'Unknown';
  const nodeCount = countNodes(nodes);
  const credentials = deriveCredentials(nodes);
  const title = deriveTitle({
    manifestTitle: input.title,
    workflowName: input.workflow?.name,
    fileName: input.fileName,
  });
  const description = input.workflow
    ? deriveDescription({
        manifestDescription: input.description,
        nodes,
        trigger: triggerType,
        integrations,
        nodeCount,
      })
    : input.description?.trim() || TEMPLATE_ONLY_DESCRIPTION;
  const category = deriveCategory({ title, description, integrations });
  return {
    title,
    description,
    summary: cardSummary(description),
    category,
    difficulty: deriveDifficulty({ title, description, nodeCount }),
    tags: deriveTags({
      title,
      description,
      integrations,
      category,
      nodeTypes: nodes.map((n) => n.type ?? ''),
    }),
    integrations,
    triggerType,
    nodeCount,
    credentials,
    deployable: isDeployable(input.workflow?.nodes),
    howItWorks: deriveHowItWorks(nodes),
    setupSteps: deriveSetupSteps(credentials),
    nodeTypes: nodeTypesOf(input.workflow),
    structureHash: structureHash(input.workflow),
  };
}

import { deriveCategory, deriveDifficulty, deriveTags } from './classify.ts';
import type { Category, Difficulty } from './constants.ts';
import { deriveIntegrations } from './integrations.ts';
import { deriveSetupSteps } from './setup-steps.ts';
import { nodeTypesOf, structureHash } from './structure.ts';
import { summariseWorkflow } from './summary.ts';
import { cardSummary, deriveTitle } from './text.ts';
import { checkWiring, communityNodeTypes, type WiringRepair } from './wiring.ts';
import {
  authorNotesOf,
  countNodes,
  deployRefusal,
  deriveCredentials,
  deriveTriggerType,
  type RequiredCredential,
} from './workflow-facts.ts';
import type { WorkflowJson } from './workflow-types.ts';

/** What the importer found wrong or unusual in a file (stored on the item, listed in the import report). */
export type QualityFlags = {
  deployRefusal: string | null;
  missingNodes: string[];
  repaired: WiringRepair[];
  duplicateNames: string[];
  communityNodes: string[];
  incompleteWiring: boolean;
};

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
  /** Generated steps, one per line. */
  howItWorks: string;
  setupSteps: string[];
  authorNotes: string[];
  quality: QualityFlags | null;
  /** Distinct node types (search) and the wiring's hash (variants). */
  nodeTypes: string[];
  structureHash: string;
};

export const TEMPLATE_ONLY_DESCRIPTION = 'Template only: open the template link to get this workflow.';

/** The quality flags of a workflow file. */
export function qualityOf(workflow: WorkflowJson): QualityFlags {
  const wiring = checkWiring(workflow);
  return {
    deployRefusal: deployRefusal(workflow.nodes),
    missingNodes: wiring.missing,
    repaired: wiring.repaired,
    duplicateNames: wiring.duplicateNames,
    communityNodes: communityNodeTypes(workflow.nodes),
    incompleteWiring: wiring.missing.length > 0,
  };
}

/** Deployable: the spec's rule passes and the wiring is complete, or the operator overrode the wiring flag. */
export function isDeployableWith(quality: QualityFlags | null, override: boolean): boolean {
  if (!quality || quality.deployRefusal) return false;
  return !quality.incompleteWiring || override;
}

/** The flags in the operator's words, for the import report ("incomplete wiring: …"). */
export function describeQuality(q: QualityFlags): string[] {
  const lines: string[] = [];
  if (q.incompleteWiring)
    lines.push(`incomplete wiring: connections name missing nodes (${q.missingNodes.join(', ')})`);
  if (q.repaired.length)
    lines.push(`wiring repaired: ${q.repaired.map((r) => `"${r.written}" → "${r.actual}"`).join(', ')}`);
  if (q.duplicateNames.length) lines.push(`duplicate node names: ${q.duplicateNames.join(', ')}`);
  for (const t of q.communityNodes) lines.push(`needs community node ${t}`);
  return lines;
}

/** Derives the catalogue fields. `workflow` is null for template-only rows. */
export function deriveAutomation(input: {
  workflow: WorkflowJson | null;
  fileName?: string;
  title?: string;
  description?: string;
  /** The operator's override of the "incomplete wiring" flag, kept across re-imports. */
  deployOverride?: boolean;
}): DerivedAutomation {
  const nodes = input.workflow?.nodes ?? [];
  const integrations = deriveIntegrations(nodes, input.workflow?.connections);
  const triggerType = input.workflow ? deriveTriggerType(nodes) : 'Unknown';
  const nodeCount = countNodes(nodes);
  const credentials = deriveCredentials(nodes);
  const title = deriveTitle({
    manifestTitle: input.title,
    workflowName: input.workflow?.name,
    fileName: input.fileName,
  });
  const generated = input.workflow ? summariseWorkflow(input.workflow) : null;
  // A manifest description wins over the generated text (an operator edit is applied later, in the console).
  const given = input.description?.trim();
  const description = given ? given.slice(0, 1_000) : (generated?.description ?? TEMPLATE_ONLY_DESCRIPTION);
  const summary = given || !generated ? cardSummary(description) : generated.summary;
  const category = deriveCategory({ title, description, integrations });
  const quality = input.workflow ? qualityOf(input.workflow) : null;
  return {
    title,
    description,
    summary,
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
    deployable: isDeployableWith(quality, input.deployOverride ?? false),
    howItWorks: generated ? generated.steps.join('\n') : '',
    setupSteps: deriveSetupSteps(credentials),
    authorNotes: authorNotesOf(nodes),
    quality,
    nodeTypes: nodeTypesOf(input.workflow),
    structureHash: structureHash(input.workflow),
  };
}

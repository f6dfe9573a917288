import { deriveCategory, deriveDifficulty, deriveTags } from './classify.ts';
import type { Category, Difficulty } from './constants.ts';
import { brandCase, fixArticles } from './english.ts';
import { deriveIntegrations } from './integrations.ts';
import { httpApp } from './node-actions.ts';
import { firstSentence, notePurpose, noteTitle, quotedNoteTitle } from './purpose.ts';
import { assessReadiness, blockingReason, deployableWith, type Readiness } from './readiness.ts';
import { deriveSetupSteps } from './setup-steps.ts';
import { nodeTypesOf, structureHash } from './structure.ts';
import { MAX_CARD_SUMMARY, summariseWorkflow } from './summary.ts';
import { cardSummary, deriveTitle } from './text.ts';
import { isFileNameTitle, tidyAuthorTitle, titleFromGraph, titleFromPurpose } from './title.ts';
import { checkWiring, communityNodeTypes, type WiringRepair } from './wiring.ts';
import {
  authorNotesOf,
  countNodes,
  deriveCredentials,
  deriveTriggerType,
  notedNodesOf,
  type RequiredCredential,
} from './workflow-facts.ts';
import type { WorkflowJson } from './workflow-types.ts';

/** What the importer found wrong or unusual in a file (stored on the item, listed in the import report). */
export type QualityFlags = {
  /** The first blocking readiness reason, or null when it can be deployed (decision 0023). */
  deployRefusal: string | null;
  missingNodes: string[];
  repaired: WiringRepair[];
  duplicateNames: string[];
  communityNodes: string[];
  incompleteWiring: boolean;
  /** Readiness by graph, every flag with its reason (absent on rows derived before decision 0023). */
  readiness?: Readiness;
  /**
   * Which texts were generated rather than given by a manifest or the workflow's own name: the
   * editorial queue lists these first (decision 0023). Absent on rows derived before it.
   */
  generatedText?: { title: boolean; summary: boolean };
};

/** Everything the catalogue derives from a workflow file and/or a source row. */
/** Who wrote a text: the author (file, manifest or note), or the generator from the graph. */
export type TextSource = 'author' | 'generated';

/**
 * The version of everything deriveAutomation writes. Bump it when a rule changes the derived text or
 * flags: it is part of each row's content hash, so the next import re-derives every automation (an
 * unbumped change leaves old text in place). tests/server/catalog-text-corpus.test.ts fails when the
 * derived text of its sample changes and this did not move (golden: tests/fixtures/derived-text.json).
 */
export const DERIVE_VERSION = '14';

export type DerivedAutomation = {
  title: string;
  /** `generated` when the file's title was a file name or slug and was replaced (decision 0022). */
  titleSource: TextSource;
  description: string;
  summary: string;
  summarySource: TextSource;
  /** What the template is for: the author's purpose sentences, else written from the graph. */
  purpose: string;
  purposeSource: TextSource | null;
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

/**
 * The author's purpose on a card: its first sentence, unless that only says how it is started ("This
 * workflow is triggered by …") and a second sentence says what it does.
 */
function cardPurpose(purpose: string): string {
  const [first, ...rest] = purpose.split(/(?<=[.!?])\s+/);
  const second = rest.join(' ');
  if (
    second &&
    /^this (workflow|template|automation) (is )?(triggered|started|activated|runs when)/i.test(first!)
  )
    return firstSentence(second, MAX_CARD_SUMMARY);
  return firstSentence(purpose, MAX_CARD_SUMMARY);
}

/** The apps reached through HTTP Request nodes join the list; "HTTP Request" stays only for unnamed hosts. */
function withHttpApps(integrations: string[], nodes: WorkflowJson['nodes']): string[] {
  const http = nodes.filter((n) => /\.(httpRequest|httpRequestTool|toolHttpRequest)$/.test(n.type ?? ''));
  if (http.length === 0) return integrations;
  const named = http.map(httpApp);
  const apps = [...new Set(named.filter((a): a is string => a !== null))];
  const keepHttp = named.some((a) => a === null);
  const out = integrations.filter((i) => keepHttp || i !== 'HTTP Request');
  for (const app of apps) if (!out.includes(app)) out.push(app);
  return out;
}

/** The quality flags of a workflow file. */
export function qualityOf(workflow: WorkflowJson): QualityFlags {
  const wiring = checkWiring(workflow);
  const readiness = assessReadiness(workflow);
  return {
    deployRefusal: blockingReason(readiness),
    missingNodes: wiring.missing,
    repaired: wiring.repaired,
    duplicateNames: wiring.duplicateNames,
    communityNodes: communityNodeTypes(workflow.nodes),
    incompleteWiring: wiring.missing.length > 0,
    readiness,
  };
}

/** Deployable (and downloadable): readiness allows it, or the operator overrode a graph judgement. */
export function isDeployableWith(quality: QualityFlags | null, override: boolean): boolean {
  if (!quality) return false;
  if (!quality.readiness) return !quality.deployRefusal && (!quality.incompleteWiring || override);
  return deployableWith(quality.readiness, override);
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
  // Wiring and community nodes are listed above in the operator's words.
  for (const f of q.readiness?.flags ?? [])
    if (f.code !== 'broken-wiring' && f.code !== 'community-node') lines.push(`${f.severity}: ${f.message}`);
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
  const integrations = withHttpApps(deriveIntegrations(nodes, input.workflow?.connections), nodes);
  const triggerType = input.workflow ? deriveTriggerType(nodes) : 'Unknown';
  const nodeCount = countNodes(nodes);
  const credentials = deriveCredentials(nodes);
  const written = deriveTitle({
    manifestTitle: input.title,
    workflowName: input.workflow?.name,
    fileName: input.fileName,
  });
  const generated = input.workflow ? summariseWorkflow(input.workflow) : null;
  // A file-name or slug title is replaced by one from the graph; a title a person wrote never is.
  // The file name counts only when the title came from it: a workflow named like its file was named.
  const named = typeof input.workflow?.name === 'string' && input.workflow.name.trim() !== '';
  const replaceTitle =
    generated !== null &&
    !input.title?.trim() &&
    isFileNameTitle(written, named ? undefined : input.fileName);
  const authorNotes = authorNotesOf(nodes);
  const stated = notePurpose(
    authorNotes,
    nodes
      .filter((n) => !/stickyNote$/.test(n.type ?? ''))
      .map((n) => (typeof n.name === 'string' ? n.name : '')),
    notedNodesOf(nodes, input.workflow?.connections),
  );
  // A note about one section ("This part of the workflow …") never stands for the whole template:
  // the card would tell a buyer what one branch does. The graph speaks for the whole instead.
  const whole = stated && !stated.part ? stated : null;
  const authorPurpose = whole ? brandCase(whole.text) : null;
  // The overview note's own heading names the job best; else the graph does.
  const headed = (whole ? noteTitle(authorNotes[whole.note]!) : null) ?? quotedNoteTitle(authorNotes);
  const fromNotes = headed ?? (authorPurpose ? titleFromPurpose(authorPurpose) : null);
  const title = replaceTitle
    ? fromNotes
      ? fixArticles(brandCase(fromNotes))
      : titleFromGraph(generated.actions, generated.trigger, generated.apps, generated.starter)
    : input.title?.trim()
      ? written
      : tidyAuthorTitle(written);
  const purpose = authorPurpose ?? generated?.purpose ?? '';
  // A manifest description wins over the generated text (an operator edit is applied later, in the console).
  const given = input.description?.trim();
  const description = given
    ? given.slice(0, 1_000)
    : generated
      ? [authorPurpose, generated.description].filter(Boolean).join('\n\n')
      : TEMPLATE_ONLY_DESCRIPTION;
  // The card says what the template is for: the manifest's words, the author's purpose, else the graph's.
  const summary = given
    ? cardSummary(description)
    : authorPurpose
      ? cardPurpose(authorPurpose)
      : (generated?.summary ?? cardSummary(description));
  const category = deriveCategory({ title, description, integrations });
  const quality = input.workflow ? qualityOf(input.workflow) : null;
  if (quality) {
    const name =
      typeof input.workflow?.name === 'string' ? input.workflow.name.replace(/\s+/g, ' ').trim() : '';
    quality.generatedText = { title: !input.title?.trim() && title !== name, summary: !given };
  }
  return {
    title,
    titleSource: replaceTitle ? 'generated' : 'author',
    description,
    summary,
    summarySource: given || authorPurpose ? 'author' : 'generated',
    purpose: given ? '' : purpose,
    purposeSource: given ? null : authorPurpose ? 'author' : generated ? 'generated' : null,
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
    authorNotes,
    quality,
    nodeTypes: nodeTypesOf(input.workflow),
    structureHash: structureHash(input.workflow),
  };
}

import { BRAND_ALIASES, BRAND_SLUGS, LOGO_ICONS, logoSymbol } from './brand-slugs.ts';
import { humanizeIdentifier, integrationName } from './integrations.ts';
import { shortType } from './workflow-types.ts';

// Node type → { name, icon key }: a brand icon from simple-icons (CC0) when the brand has one, else
// from the Iconify logos set (CC0) for brands simple-icons dropped (OpenAI, Slack, Microsoft, AWS,
// LinkedIn, Salesforce…; decision 0022), else a family glyph, never a look-alike. The brands and their
// aliases are in brand-slugs.ts.

export const ICON_FAMILIES = [
  'trigger',
  'schedule',
  'webhook',
  'chat',
  'form',
  'code',
  'http',
  'ai-agent',
  'ai-model',
  'ai-tool',
  'ai-memory',
  'ai-data',
  'data',
  'flow',
  'file',
  'mail',
  'note',
  'app',
] as const;
export type IconFamily = (typeof ICON_FAMILIES)[number];
/** `brand:<sprite symbol>` (a simple-icons slug or `logos-<name>`) or `family:<family>`. */
export type IconKey = `brand:${string}` | `family:${IconFamily}`;
export type NodeIntegration = { name: string; icon: IconKey };

const SLUG_SET = new Set<string>(BRAND_SLUGS);

/** Families of n8n's own nodes (short type, Trigger/Tool suffix kept). */
const CORE_FAMILY: Record<string, IconFamily> = {
  stickyNote: 'note',
  manualTrigger: 'trigger',
  start: 'trigger',
  errorTrigger: 'trigger',
  executeWorkflowTrigger: 'trigger',
  workflowTrigger: 'trigger',
  n8nTrigger: 'trigger',
  scheduleTrigger: 'schedule',
  cron: 'schedule',
  interval: 'schedule',
  webhook: 'webhook',
  respondToWebhook: 'webhook',
  chatTrigger: 'chat',
  manualChatTrigger: 'chat',
  chat: 'chat',
  formTrigger: 'form',
  form: 'form',
  code: 'code',
  function: 'code',
  functionItem: 'code',
  executeCommand: 'code',
  toolCode: 'ai-tool',
  httpRequest: 'http',
  httpRequestTool: 'ai-tool',
  toolHttpRequest: 'ai-tool',
  emailSend: 'mail',
  emailReadImap: 'mail',
  if: 'flow',
  switch: 'flow',
  merge: 'flow',
  splitInBatches: 'flow',
  wait: 'flow',
  noOp: 'flow',
  filter: 'flow',
  executeWorkflow: 'flow',
  stopAndError: 'flow',
  agent: 'ai-agent',
  agentTool: 'ai-agent',
};

const FILE_TYPES =
  /^(convertToFile|extractFromFile|readBinaryFiles?|writeBinaryFile|readWriteFile|spreadsheetFile|moveBinaryData|compression|editImage|ftp|ssh|localFileTrigger|readPdf)$/;
const DATA_TYPES =
  /^(set|splitOut|aggregate|summarize|sort|limit|removeDuplicates|itemLists|dateTime|crypto|xml|html|htmlExtract|markdown|compareDatasets|renameKeys|executionData|debugHelper|outputParser[A-Za-z]*)$/;
const AI_MODEL_TYPES =
  /^(lm[A-Z]\w*|embeddings[A-Z]\w*|openAi|anthropic|googleGemini|mistralAi|perplexity|chainLlm|chainSummarization|chainRetrievalQa|informationExtractor|sentimentAnalysis|textClassifier)$/;

/** `lmChatGoogleGemini` → `googlegemini`; `slackTrigger` → `slack`. */
export function integrationKey(type: string | undefined): string {
  const base = shortType(type).replace(/(Trigger|Tool)$/, '');
  return base.replace(/^(lmChat|lm|embeddings|vectorStore|memory|tool|document)(?=[A-Z])/, '').toLowerCase();
}

/** The sprite symbol of a brand by integration key, or null when no logo set has it. */
function brandSymbol(key: string): string | null {
  const slug = BRAND_ALIASES[key] ?? key;
  if (SLUG_SET.has(slug)) return slug;
  const logo = LOGO_ICONS[key];
  return logo ? logoSymbol(logo) : null;
}

function brandOf(type: string): string | null {
  return brandSymbol(integrationKey(type));
}

function familyOf(type: string): IconFamily {
  const short = shortType(type);
  if (CORE_FAMILY[short]) return CORE_FAMILY[short];
  if (FILE_TYPES.test(short)) return 'file';
  if (DATA_TYPES.test(short)) return 'data';
  if (AI_MODEL_TYPES.test(short)) return 'ai-model';
  if (/^memory[A-Z]/.test(short)) return 'ai-memory';
  if (/^(vectorStore|retriever|textSplitter|document|reranker)[A-Z]/.test(short)) return 'ai-data';
  if (/^(tool[A-Z]|mcpClient)/.test(short) || /Tool$/.test(short)) return 'ai-tool';
  if (/Trigger$/.test(short)) return 'trigger';
  return 'app';
}

/** The readable name and icon of a node type. */
export function nodeIntegration(type: string | undefined): NodeIntegration {
  const t = type ?? '';
  const brand = brandOf(t);
  const name = integrationName(t) ?? (humanizeIdentifier(shortType(t)) || 'Node');
  return { name, icon: brand ? `brand:${brand}` : `family:${familyOf(t)}` };
}

const compact = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, '');

/** Integration names (as cards carry them) whose family is not `app`. */
const NAME_FAMILY: Record<string, IconFamily> = {
  openai: 'ai-model',
  azureopenai: 'ai-model',
  groq: 'ai-model',
  cohere: 'ai-model',
  awsbedrock: 'ai-model',
  xaigrok: 'ai-model',
  pinecone: 'ai-data',
  zep: 'ai-memory',
  serpapi: 'ai-tool',
  wolframalpha: 'ai-tool',
  httprequest: 'http',
  // Protocols and a webhook test service: no brand, a glyph of their kind.
  ssh: 'code',
  ftp: 'file',
  webhooksite: 'webhook',
};

/**
 * The icon of an integration by its readable name (cards carry names, not node types). Resolves the
 * same brands as `nodeIntegration`: `Google Sheets` → `brand:googlesheets`, `PostgreSQL` → `brand:postgresql`.
 */
export function integrationIcon(name: string): IconKey {
  const key = compact(name);
  const symbol = brandSymbol(key);
  if (symbol) return `brand:${symbol}`;
  return `family:${NAME_FAMILY[key] ?? 'app'}`;
}

/** A chip with neither a logo nor a glyph of its kind: the page shows the app's initials. */
export const isLetterChip = (name: string) => integrationIcon(name) === 'family:app';

import { humanizeIdentifier, integrationName } from './integrations.ts';
import operationDefaults from './operation-defaults.json' with { type: 'json' };
import { shortType, type WorkflowNode } from './workflow-types.ts';

// What one node does, as a short lowercase verb phrase ("sends a message in Slack"), from its type
// and its resource/operation parameters. Read only; nothing is looked up over the network.

/** app: an integration; ai: a model or agent; http: a raw API call; data/logic: plumbing; skip: no step. */
export type ActionKind = 'app' | 'ai' | 'http' | 'data' | 'logic' | 'skip';
export type NodeAction = { kind: ActionKind; text: string; app: string | null };

const CORE_ACTIONS: Record<string, [ActionKind, string]> = {
  noOp: ['skip', 'does nothing'],
  stickyNote: ['skip', ''],
  code: ['data', 'runs custom code'],
  function: ['data', 'runs custom code'],
  functionItem: ['data', 'runs custom code'],
  set: ['data', 'sets fields'],
  splitOut: ['data', 'splits a list into items'],
  aggregate: ['data', 'combines items into one'],
  summarize: ['data', 'summarises the items'],
  sort: ['data', 'sorts the items'],
  limit: ['data', 'keeps the first items'],
  removeDuplicates: ['data', 'removes duplicates'],
  itemLists: ['data', 'reshapes the list of items'],
  dateTime: ['data', 'formats dates'],
  html: ['data', 'extracts data from HTML'],
  htmlExtract: ['data', 'extracts data from HTML'],
  markdown: ['data', 'converts between Markdown and HTML'],
  xml: ['data', 'converts XML'],
  crypto: ['data', 'hashes or encrypts values'],
  renameKeys: ['data', 'renames fields'],
  compareDatasets: ['data', 'compares two data sets'],
  moveBinaryData: ['data', 'converts between JSON and a file'],
  convertToFile: ['data', 'turns the data into a file'],
  extractFromFile: ['data', 'reads the contents of a file'],
  spreadsheetFile: ['data', 'reads or writes a spreadsheet file'],
  editImage: ['data', 'edits an image'],
  compression: ['data', 'zips or unzips files'],
  if: ['logic', 'checks a condition'],
  switch: ['logic', 'routes items by rules'],
  filter: ['logic', 'keeps only matching items'],
  merge: ['logic', 'merges the branches'],
  splitInBatches: ['logic', 'loops over the items in batches'],
  wait: ['logic', 'waits'],
  stopAndError: ['logic', 'stops with an error'],
  executeWorkflow: ['logic', 'runs another workflow'],
  respondToWebhook: ['http', 'answers the webhook call'],
  httpRequest: ['http', 'calls an HTTP API'],
  emailSend: ['app', 'sends an email (SMTP)'],
  readWriteFile: ['data', 'reads or writes a file on disk'],
  readBinaryFile: ['data', 'reads a file from disk'],
  readBinaryFiles: ['data', 'reads files from disk'],
  writeBinaryFile: ['data', 'writes a file to disk'],
  executeCommand: ['data', 'runs a shell command'],
  form: ['app', 'shows the next form page'],
  n8n: ['app', 'uses the n8n API'],
  executionData: ['skip', 'saves execution data'],
  rssFeedRead: ['app', 'reads an RSS feed'],
  debugHelper: ['skip', 'produces test data'],
  agent: ['ai', 'lets an AI agent work on it'],
  chainLlm: ['ai', 'asks a language model'],
  chainSummarization: ['ai', 'summarises the text with a language model'],
  chainRetrievalQa: ['ai', 'answers from a knowledge base'],
  informationExtractor: ['ai', 'extracts structured information with AI'],
  textClassifier: ['ai', 'classifies the text with AI'],
  sentimentAnalysis: ['ai', 'analyses the sentiment with AI'],
  memoryManager: ['ai', 'reads or updates the chat memory'],
};

const IRREGULAR: Record<string, string> = { do: 'does', go: 'goes', have: 'has', be: 'is' };

/** "send" → "sends", "copy" → "copies", "search" → "searches". */
export function thirdPerson(verb: string): string {
  const v = verb.toLowerCase();
  if (IRREGULAR[v]) return IRREGULAR[v];
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/.test(v)) return `${v}es`;
  return `${v}s`;
}

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a');
const words = (identifier: string) => humanizeIdentifier(identifier).split(' ');
const lower = (w: string) => (/^[A-Z0-9]{2,}$/.test(w) ? w : w.toLowerCase());

/** Operations that act on many records. */
const MANY = new Set(['getAll', 'getMany', 'list', 'search', 'readRows', 'read', 'lookup']);
/** Operation → verb phrase where the plain form reads badly. */
const OP_VERBS: Record<string, string> = {
  getAll: 'gets all',
  getMany: 'gets',
  appendOrUpdate: 'adds or updates',
  upsert: 'creates or updates',
  append: 'adds',
  read: 'reads',
  lookup: 'looks up',
  sendAndWait: 'sends and waits for a reply to',
  executeQuery: 'runs a query on',
  select: 'reads',
  insert: 'inserts',
  reply: 'replies to',
};
/** Resources that are the app's container, not the thing acted on. */
const CONTAINERS: Record<string, string> = {
  sheet: 'row',
  spreadsheet: 'row',
  table: 'row',
  database: 'record',
};

function pluralise(noun: string): string {
  if (/[^aeiou]y$/.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|ch|sh)$/.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** "sends a message", "gets all contacts", or null when the node names no operation. */
export function operationPhrase(resource: string | undefined, operation: string | undefined): string | null {
  if (!operation || operation.startsWith('=')) return null;
  const opWords = words(operation).map(lower);
  const verb = OP_VERBS[operation] ?? thirdPerson(opWords[0]!);
  const fromOp = OP_VERBS[operation] ? [] : opWords.slice(1);
  const resourceWords = resource && !resource.startsWith('=') ? words(resource).map(lower) : [];
  let object = fromOp.length ? fromOp.join(' ') : resourceWords.join(' ');
  object = CONTAINERS[object] ?? object;
  if (!object) return verb;
  if (MANY.has(operation) || operation.startsWith('getAll')) return `${verb} ${pluralise(object)}`;
  // Already plural ("getSlides"), or a mass noun: no article.
  if (/[^s]s$/.test(object)) return `${verb} ${object}`;
  return `${verb} ${article(object)} ${object}`;
}

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

type OperationDefaults = [number[], string | null, Record<string, string>];
/** n8n's default resource and operation per node type and version, from its node metadata (decision 0012). */
const OPERATION_DEFAULTS = operationDefaults as unknown as Record<string, OperationDefaults[]>;

/**
 * The node's resource and operation: its own parameters, else n8n's defaults for its version (parameters
 * at their default are not saved in workflow files).
 */
export function resourceAndOperation(node: WorkflowNode): { resource?: string; operation?: string } {
  const p = (node.parameters ?? {}) as Record<string, unknown>;
  const entries = OPERATION_DEFAULTS[node.type ?? ''] ?? [];
  const version = typeof node.typeVersion === 'number' ? node.typeVersion : undefined;
  const entry =
    entries.find((e) => version !== undefined && e[0].includes(version)) ??
    [...entries].sort((a, b) => Math.max(...b[0]) - Math.max(...a[0]))[0];
  const resource = str(p.resource) ?? entry?.[1] ?? undefined;
  const operation = str(p.operation) ?? entry?.[2][resource ?? ''] ?? undefined;
  return { resource, operation };
}

function httpAction(p: Record<string, unknown>): string {
  const url = str(p.url) ?? '';
  const method = (str(p.method) ?? str(p.requestMethod) ?? 'GET').toUpperCase();
  if (/^https?:\/\//i.test(url)) {
    try {
      return `calls ${new URL(url.replace(/\{\{.*$/, '')).hostname} (${method})`;
    } catch {
      // an expression inside the host: fall through
    }
  }
  return `calls an HTTP API (${method})`;
}

function vectorStoreAction(app: string, p: Record<string, unknown>): string {
  const mode = str(p.mode) ?? 'retrieve';
  if (mode === 'insert') return `stores documents in ${app}`;
  if (mode === 'update') return `updates documents in ${app}`;
  return `searches ${app}`;
}

/** What `node` does, for steps and summaries. */
export function nodeAction(node: WorkflowNode): NodeAction {
  const short = shortType(node.type);
  const p = (node.parameters ?? {}) as Record<string, unknown>;
  const core = CORE_ACTIONS[short];
  if (short === 'httpRequest' || short === 'httpRequestTool' || short === 'toolHttpRequest')
    return { kind: 'http', text: httpAction(p), app: null };
  if (core) return { kind: core[0], text: core[1], app: null };
  const app = integrationName(node.type);
  if (!app) return { kind: 'data', text: `runs ${humanizeIdentifier(short)}`, app: null };
  if (short.startsWith('vectorStore')) return { kind: 'ai', text: vectorStoreAction(app, p), app };
  if (/^(lmChat|lm|embeddings)[A-Z]/.test(short)) return { kind: 'ai', text: `uses a ${app} model`, app };
  const { resource, operation } = resourceAndOperation(node);
  const op = operationPhrase(resource, operation);
  if (short === 'openAi' || short === 'anthropic' || short === 'googleGemini' || short === 'mistralAi')
    return { kind: 'ai', text: op ? `${op} with ${app}` : `asks ${app}`, app };
  const preposition = !op
    ? ''
    : /^(gets|reads|looks up|downloads)/.test(op)
      ? 'from'
      : /^(uploads|appends)|^adds (?!or)/.test(op)
        ? 'to'
        : /^sends/.test(op)
          ? 'with'
          : 'in';
  return { kind: 'app', text: op ? `${op} ${preposition} ${app}` : `uses ${app}`, app };
}

import { appOfUrl, hostOfUrl } from './api-hosts.ts';
import { article, baseForm, brandCase, pluralise, thirdPerson } from './english.ts';
import { humanizeIdentifier, integrationName, isCommunityType } from './integrations.ts';
import { n8nNode, n8nNodeEntries, n8nOperation } from './n8n-nodes.ts';
import operationDefaults from './operation-defaults.json' with { type: 'json' };
import { shortType, type WorkflowNode } from './workflow-types.ts';

// What one node does, as a short lowercase verb phrase ("sends a message with Slack"), from its type
// and its resource/operation parameters, in n8n's own action words ("Send a message") where n8n
// publishes them (decision 0022). Read only; nothing is looked up over the network.

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
  agent: ['ai', 'runs an AI agent'],
  chainLlm: ['ai', 'asks a language model'],
  chainSummarization: ['ai', 'summarises the text with a language model'],
  agentTool: ['ai', 'runs an AI agent'],
  chainRetrievalQa: ['ai', 'answers from a knowledge base'],
  informationExtractor: ['ai', 'extracts structured information with AI'],
  textClassifier: ['ai', 'classifies the text with AI'],
  sentimentAnalysis: ['ai', 'analyses the sentiment with AI'],
  memoryManager: ['ai', 'reads or updates the chat memory'],
};

export { thirdPerson };

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
  sendAndWait: 'asks for a reply',
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

const OBJECT_VERBS =
  /^(creates|updates|deletes|gets|adds|removes|sets|lists|inserts|returns|uploads|downloads|copies|moves)$/;

/** "sends a message", "gets all contacts", or null when the node names no operation. */
export function operationPhrase(resource: string | undefined, operation: string | undefined): string | null {
  if (!operation || operation.startsWith('=')) return null;
  const opWords = words(operation).map(lower);
  const verb = OP_VERBS[operation] ?? thirdPerson(opWords[0]!);
  const fromOp = OP_VERBS[operation] ? [] : opWords.slice(1);
  const resourceWords = resource && !resource.startsWith('=') ? words(resource).map(lower) : [];
  let object = fromOp.length ? fromOp.join(' ') : resourceWords.join(' ');
  object = CONTAINERS[object] ?? object;
  // "creates", "adds", "lists" need an object: without one the phrase would read "creates in KlickTipp".
  if (!object) return OBJECT_VERBS.test(verb) ? null : verb;
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
 * at their default are not saved in workflow files). A version n8n's table does not list gets only the
 * resource-less default: another version's defaults would name another operation (old Discord nodes
 * only send a message; version 2 defaults to creating a channel).
 */
export function resourceAndOperation(node: WorkflowNode): { resource?: string; operation?: string } {
  const p = (node.parameters ?? {}) as Record<string, unknown>;
  const entries = OPERATION_DEFAULTS[node.type ?? ''] ?? [];
  const version = typeof node.typeVersion === 'number' ? node.typeVersion : undefined;
  const exact = entries.find((e) => version !== undefined && e[0].includes(version));
  const entry =
    exact ??
    (version === undefined
      ? [...entries].sort((a, b) => Math.max(...b[0]) - Math.max(...a[0]))[0]
      : undefined);
  const resource = str(p.resource) ?? entry?.[1] ?? undefined;
  let operation = str(p.operation) ?? entry?.[2][resource ?? ''] ?? undefined;
  if (!operation && !exact && !str(p.resource)) operation = entries.map((e) => e[2]['']).find(Boolean);
  return { resource, operation };
}

/** Where n8n's action text reads badly in a sentence, keyed by `shortType:resource:operation`. */
const ACTION_WORDS: Record<string, string> = {
  'openWeatherMap::currentWeather': 'gets the current weather from OpenWeatherMap',
  'openWeatherMap::5DayForecast': 'gets the 5-day forecast from OpenWeatherMap',
  'googleSheets:sheet:append': 'adds rows to Google Sheets',
  'googleSheets:sheet:appendOrUpdate': 'adds or updates rows in Google Sheets',
  'googleSheets:sheet:read': 'reads rows from Google Sheets',
  'googleSheets:sheet:update': 'updates rows in Google Sheets',
  'googleSheets:sheet:lookup': 'looks up rows in Google Sheets',
  'googleSheets:sheet:upsert': 'adds or updates rows in Google Sheets',
  'googleSheets:sheet:delete': 'deletes rows in Google Sheets',
  'googleSheets:sheet:clear': 'clears a sheet in Google Sheets',
  'airtable:record:search': 'searches records in Airtable',
  'airtable::list': 'lists records in Airtable',
  'airtable::append': 'adds records to Airtable',
  'airtable::lookup': 'looks up records in Airtable',
  'airtable::read': 'reads a record from Airtable',
  'airtable::update': 'updates records in Airtable',
  'telegram:callback:answerQuery': 'answers a button press in Telegram',
  'gmail:message:addLabels': 'adds labels to an email in Gmail',
  'gmail:message:removeLabels': 'removes labels from an email in Gmail',
  'gmail:thread:addLabels': 'adds labels to a thread in Gmail',
  'gmail:thread:removeLabels': 'removes labels from a thread in Gmail',
  'gmail:message:sendAndWait': 'asks for a reply by email with Gmail',
  'slack:message:sendAndWait': 'asks for a reply in Slack',
  'telegram:message:sendAndWait': 'asks for a reply in Telegram',
  'discord:message:sendAndWait': 'asks for a reply in Discord',
  'openAi:chat:complete': 'writes a chat completion with OpenAI',
  'openAi:text:complete': 'writes a completion with OpenAI',
  'openAi:text:edit': 'edits text with OpenAI',
  'openAi:text:moderate': 'checks text for violations with OpenAI',
  'openAi:image:create': 'creates an image with OpenAI',
  'openAi:text:message': 'asks an OpenAI model',
  'openAi:text:response': 'asks an OpenAI model',
  'openAi:image:analyze': 'analyses an image with OpenAI',
  'openAi:image:edit': 'edits an image with OpenAI',
  'openAi:audio:transcribe': 'transcribes a recording with OpenAI',
  'openAi:audio:translate': 'translates a recording with OpenAI',
  // n8n's own words, "Translate a language", say the opposite of what the node does.
  'deepL:language:translate': 'translates text with DeepL',
  'googleTranslate:language:translate': 'translates text with Google Translate',
  'openAi:audio:generate': 'generates audio with OpenAI',
  'openAi:assistant:message': 'asks an OpenAI assistant',
};

/** Verbs whose object comes from the app ("gets … from Gmail"); the rest act in or with it. */
const FROM_VERBS =
  /^(gets|reads|looks up|downloads|fetches|retrieves|lists|exports|returns|receives|pulls|scrapes|finds)\b/;
const TO_VERBS = /^(uploads|appends|adds(?! or)|inserts|imports|writes|pushes|subscribes)\b/;
const WITH_VERBS =
  /^(sends|posts|replies|answers|publishes|tweets|generates|transcribes|translates|writes|analyzes|analyses|classifies|summarizes|summarises|calls|converts|scans|makes|sets|starts|executes|runs|triggers|checks)\b/;

/** Words n8n's action texts use after a verb that take no article ("Append data", "Get current …"). */
const MASS_NOUNS = new Set(
  'a an the your its their this that these those another data text metadata media audio information content feedback current recent latest new existing multiple many all one every each some more up out down in on off to from for with by into at as via ownership access permission status history time speech music code html json xml markdown sql csv people children sentiment whether if how what which who when where'.split(
    ' ',
  ),
);

/** "Send a message" → "sends a message"; "Get many messages" → "gets messages"; brands kept in case. */
function actionVerbPhrase(action: string): string | null {
  const words = action.trim().replace(/\s+/g, ' ').split(' ');
  const verb = words.shift();
  if (!verb || !/^[A-Za-z]+$/.test(verb)) return null;
  let rest = words.map((w) => (/^[A-Z][a-z]+$/.test(w) ? w.toLowerCase() : w)).join(' ');
  rest = rest.replace(/^many\s+/, '').replace(/^all\s+(?=\w)/, 'all ');
  // "Send message and wait for response": a person is asked and the workflow waits for the answer.
  if (/\band wait for (a )?response\b/.test(rest)) return 'asks for a reply';
  // "Create or update a contact": both verbs agree.
  rest = rest.replace(/^or ([a-z]+)\b/, (_m, v: string) => `or ${thirdPerson(v)}`);
  // "Create file from text", "Analyze image": a singular countable noun after the verb takes a/an.
  // A noun before a plural ("database pages", "child blocks") is a modifier: no article.
  const [, noun, head] = /^([a-z]+)\b(?: ([a-z]+))?/.exec(rest) ?? [];
  if (
    noun &&
    !/(s|ly|ing|ed)$/.test(noun) &&
    !/ly$/.test(verb) &&
    !(head && /[^s]s$/.test(head)) &&
    !MASS_NOUNS.has(noun) &&
    !/^(or|and)\b/.test(rest)
  )
    rest = `${article(noun)} ${rest}`;
  // "Append data to sheet", "Add user to group": the object after a preposition takes "a" too.
  // "Insert rows in database" + "into MySQL": the app is the database.
  rest = rest.replace(/^rows in database$/, 'rows');
  rest = rest.replace(
    /\b(to|from|in|into|on) (database|sheet|table|group|message|thread|file|page|session|range|image|email|asset|commit)\b(?! (rows|items|records|pages|files)\b)/g,
    (_m, p: string, n: string) => `${p} ${article(n)} ${n}`,
  );
  const base = verb.toLowerCase() === 'return' ? 'get' : verb.toLowerCase();
  return brandCase(`${thirdPerson(base)}${rest ? ` ${rest}` : ''}`);
}

let actionVerbs: Set<string> | null = null;
/** The verbs n8n's own action texts start with ("send", "get", "push"…). */
function n8nVerbs(): Set<string> {
  if (!actionVerbs) {
    actionVerbs = new Set();
    for (const [, n] of n8nNodeEntries())
      for (const op of n.operations) {
        const first = op[3].trim().split(/\s+/)[0]?.toLowerCase();
        if (first && /^[a-z]+$/.test(first)) actionVerbs.add(first);
      }
  }
  return actionVerbs;
}

/**
 * A node without operations in n8n's own description of it ("Push messages to MQTT" → "pushes
 * messages to MQTT"), when that starts with a verb n8n uses in its action texts; else null.
 */
function describedAction(type: string): string | null {
  const text = n8nNode(type)
    ?.description?.trim()
    .replace(/[.,]\s.*$|\.$/, '');
  if (!text || /\bAPI$/.test(text)) return null;
  const [verb, ...rest] = text.split(' ');
  const base = baseForm(verb!);
  if (!n8nVerbs().has(base) || rest.length === 0) return null;
  const words = rest.map((w) => (/^[A-Z][a-z]+$/.test(w) ? w.toLowerCase() : w)).join(' ');
  return brandCase(`${thirdPerson(base)} ${words}`);
}

/** "sends a message" + "Slack" → "sends a message with Slack", unless the phrase names the app. */
function withApp(phrase: string, app: string): string {
  if (phrase.toLowerCase().includes(app.toLowerCase())) return phrase;
  if (/^inserts\b/.test(phrase) && !/ into /.test(phrase)) return `${phrase} into ${app}`;
  // A phrase that already says "from …" or "to …" takes "in" ("gets slides from a presentation in …").
  const preposition =
    FROM_VERBS.test(phrase) && !/ from /.test(phrase)
      ? 'from'
      : TO_VERBS.test(phrase) && !/ to /.test(phrase)
        ? 'to'
        : WITH_VERBS.test(phrase) && !/ with /.test(phrase)
          ? 'with'
          : 'in';
  return `${phrase} ${preposition} ${app}`;
}

/** The app an HTTP Request node calls (by host), for steps and the template's apps. */
export function httpApp(node: WorkflowNode): string | null {
  const p = (node.parameters ?? {}) as Record<string, unknown>;
  return appOfUrl(p.url);
}

function httpAction(p: Record<string, unknown>): string {
  const app = appOfUrl(p.url);
  if (app) return `calls the ${app} API`;
  const host = hostOfUrl(p.url);
  return host ? `calls ${host}` : 'calls an HTTP API';
}

function vectorStoreAction(app: string, p: Record<string, unknown>): string {
  const mode = str(p.mode) ?? 'retrieve';
  if (mode === 'insert') return `stores documents in ${app}`;
  if (mode === 'update') return `updates documents in ${app}`;
  return `searches ${app}`;
}

/**
 * Phrases from n8n's own texts, by text or node type: the same few hundred recur in every workflow of
 * an import, and making one runs a dozen regular expressions (brand casing among them).
 */
const verbPhrases = new Map<string, string | null>();
const described = new Map<string, string | null>();
function memo(cache: Map<string, string | null>, key: string, make: (key: string) => string | null) {
  let value = cache.get(key);
  if (value === undefined) {
    value = make(key);
    cache.set(key, value);
  }
  return value;
}

/** What `node` does, for steps and summaries. */
export function nodeAction(node: WorkflowNode): NodeAction {
  const short = shortType(node.type);
  const p = (node.parameters ?? {}) as Record<string, unknown>;
  const core = CORE_ACTIONS[short];
  if (short === 'httpRequest' || short === 'httpRequestTool' || short === 'toolHttpRequest')
    return { kind: 'http', text: httpAction(p), app: appOfUrl(p.url) };
  if (core) return { kind: core[0], text: core[1], app: null };
  const app = integrationName(node.type);
  if (!app) return { kind: 'data', text: `runs ${humanizeIdentifier(short)}`, app: null };
  if (short.startsWith('vectorStore')) return { kind: 'ai', text: vectorStoreAction(app, p), app };
  if (/^(lmChat|lm|embeddings)[A-Z]/.test(short))
    return { kind: 'ai', text: `uses ${article(app)} ${app} model`, app };
  const { resource, operation } = resourceAndOperation(node);
  const ai = short === 'openAi' || short === 'anthropic' || short === 'googleGemini' || short === 'mistralAi';
  const kind = ai ? 'ai' : 'app';
  const fixed = operation ? ACTION_WORDS[`${short}:${resource ?? ''}:${operation}`] : undefined;
  if (fixed) return { kind, text: fixed, app };
  const published = operation ? n8nOperation(node.type ?? '', resource ?? '', operation) : undefined;
  const fromN8n = published?.[3] ? memo(verbPhrases, published[3], actionVerbPhrase) : null;
  const op =
    fromN8n ?? operationPhrase(resource, operation) ?? memo(described, node.type ?? '', describedAction);
  if (ai && !op) return { kind, text: `asks ${app}`, app };
  // A community node n8n does not describe is named as one: a buyer must install it.
  const uses = isCommunityType(node.type ?? '') ? `uses the ${app} community node` : `uses ${app}`;
  return { kind, text: op ? withApp(op, app) : uses, app };
}

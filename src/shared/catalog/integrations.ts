import { brandCase } from './english.ts';
import { n8nNode } from './n8n-nodes.ts';
import { shortType, type WorkflowNode } from './workflow-types.ts';

// Readable integration names from n8n node types. Core nodes (flow control, data shaping, AI plumbing)
// are not integrations; model and vector-store providers are.

/** Core node types (short form, trigger suffix removed) that are not third-party integrations. */
const CORE = new Set([
  'stickyNote',
  'set',
  'if',
  'switch',
  'merge',
  'code',
  'function',
  'functionItem',
  'noOp',
  'manual',
  'splitInBatches',
  'splitOut',
  'wait',
  'filter',
  'sort',
  'limit',
  'aggregate',
  'summarize',
  'removeDuplicates',
  'itemLists',
  'dateTime',
  'crypto',
  'xml',
  'html',
  'htmlExtract',
  'markdown',
  'compareDatasets',
  'renameKeys',
  'moveBinaryData',
  'convertToFile',
  'extractFromFile',
  'readBinaryFile',
  'readBinaryFiles',
  'writeBinaryFile',
  'readWriteFile',
  'spreadsheetFile',
  'executeWorkflow',
  'executeCommand',
  'respondToWebhook',
  'stopAndError',
  'errorTrigger',
  'start',
  'cron',
  'schedule',
  'interval',
  'webhook',
  'form',
  'n8nForm',
  'formTrigger',
  'chat',
  'chatTrigger',
  'executeWorkflowTrigger',
  'workflowTrigger',
  'localFileTrigger',
  'debugHelper',
  'editImage',
  'compression',
  'emailReadImap',
  'emailSend',
  'n8n',
  'agent',
  'agentTool',
  'chainLlm',
  'chainSummarization',
  'chainRetrievalQa',
  'outputParserStructured',
  'outputParserAutofixing',
  'outputParserItemList',
  'textSplitterRecursiveCharacterTextSplitter',
  'textSplitterCharacterTextSplitter',
  'textSplitterTokenSplitter',
  'documentDefaultDataLoader',
  'documentBinaryInputLoader',
  'memoryBufferWindow',
  'toolCode',
  'toolWorkflow',
  'toolCalculator',
  'toolThink',
  'informationExtractor',
  'sentimentAnalysis',
  'textClassifier',
  'retrieverVectorStore',
  'toolVectorStore',
  'vectorStoreInMemory',
  'mcpClientTool',
  'mcpTrigger',
  'httpRequestTool',
  'noOpTool',
  'memoryManager',
  'manualChatTrigger',
  'manualChat',
  'readPdf',
  'readPDF',
  'mcpClient',
  'retrieverWorkflow',
  'documentJsonInputLoader',
  'aiTransform',
  'totp',
  'n8nTrainingCustomerDatastore',
  'n8nTrainingCustomerMessenger',
  'executionData',
  'modelSelector',
]);

/**
 * Credential types whose identifier names another product than the one n8n shows: n8n calls
 * `googlePalmApi` "Google Gemini(PaLM) Api", and a Gemini buyer looks for Gemini.
 */
const CREDENTIAL_NAMES: Record<string, string> = { googlePalmApi: 'Google Gemini (PaLM) API' };

/** Types whose generated name reads badly. Keys are the short type without Trigger/Tool suffixes. */
const NAMES: Record<string, string> = {
  httpRequest: 'HTTP Request',
  openAi: 'OpenAI',
  lmChatOpenAi: 'OpenAI',
  lmOpenAi: 'OpenAI',
  embeddingsOpenAi: 'OpenAI',
  lmChatAzureOpenAi: 'Azure OpenAI',
  embeddingsAzureOpenAi: 'Azure OpenAI',
  lmChatAnthropic: 'Anthropic',
  anthropic: 'Anthropic',
  lmChatGoogleGemini: 'Google Gemini',
  googleGemini: 'Google Gemini',
  embeddingsGoogleGemini: 'Google Gemini',
  lmChatGooglePalm: 'Google PaLM',
  lmChatOllama: 'Ollama',
  lmOllama: 'Ollama',
  embeddingsOllama: 'Ollama',
  lmChatMistralCloud: 'Mistral',
  embeddingsMistralCloud: 'Mistral',
  lmChatGroq: 'Groq',
  lmChatDeepSeek: 'DeepSeek',
  lmChatOpenRouter: 'OpenRouter',
  lmChatXAiGrok: 'xAI Grok',
  memoryPostgresChat: 'PostgreSQL',
  memoryRedisChat: 'Redis',
  memoryMongoDbChat: 'MongoDB',
  memoryZep: 'Zep',
  vectorStorePinecone: 'Pinecone',
  vectorStoreQdrant: 'Qdrant',
  vectorStoreSupabase: 'Supabase',
  vectorStorePGVector: 'PGVector',
  vectorStoreMongoDBAtlas: 'MongoDB Atlas',
  vectorStoreZep: 'Zep',
  toolSerpApi: 'SerpApi',
  toolWikipedia: 'Wikipedia',
  toolWolframAlpha: 'Wolfram Alpha',
  googleSheets: 'Google Sheets',
  gmail: 'Gmail',
  googleDrive: 'Google Drive',
  googleDocs: 'Google Docs',
  googleCalendar: 'Google Calendar',
  googleBigQuery: 'Google BigQuery',
  youTube: 'YouTube',
  github: 'GitHub',
  gitlab: 'GitLab',
  hubspot: 'HubSpot',
  linkedIn: 'LinkedIn',
  mySql: 'MySQL',
  postgres: 'PostgreSQL',
  mongoDb: 'MongoDB',
  microsoftOutlook: 'Microsoft Outlook',
  microsoftTeams: 'Microsoft Teams',
  microsoftExcel: 'Microsoft Excel',
  whatsApp: 'WhatsApp',
  rssFeedRead: 'RSS',
  rssFeedReadTrigger: 'RSS',
  twitter: 'X (Twitter)',
  awsS3: 'AWS S3',
  awsLambda: 'AWS Lambda',
  awsSes: 'AWS SES',
  ftp: 'FTP',
  ssh: 'SSH',
  sendGrid: 'SendGrid',
  mailchimp: 'Mailchimp',
  clickUp: 'ClickUp',
  wooCommerce: 'WooCommerce',
  quickbooks: 'QuickBooks',
  erpNext: 'ERPNext',
  mqtt: 'MQTT',
  amqp: 'AMQP',
  graphql: 'GraphQL',
  openWeatherMap: 'OpenWeatherMap',
  elevenLabs: 'ElevenLabs',
  mondayCom: 'monday.com',
  sendInBlue: 'Brevo',
  theHive: 'TheHive',
  theHiveProject: 'TheHive',
  bambooHr: 'BambooHR',
  convertKit: 'ConvertKit',
  mailerLite: 'MailerLite',
  serviceNow: 'ServiceNow',
  coinGecko: 'CoinGecko',
  customerIo: 'Customer.io',
  lingvaNex: 'LingvaNex',
  microsoftOneDrive: 'Microsoft OneDrive',
  microsoftToDo: 'Microsoft To Do',
  awsSns: 'AWS SNS',
  awsSqs: 'AWS SQS',
};

const ACRONYMS = new Set(['api', 'ai', 'crm', 'sms', 'sql', 'url', 'aws', 'rss', 'ftp', 'ssh', 'http', 'io']);

// Node and credential types repeat across a library: an import asks for the same few hundred names
// for every file (humanizing was 4 % of the import worker's time). Bounded, since names are input.
const humanized = new Map<string, string>();

/** `googleSheetsOAuth2Api` → `Google Sheets OAuth2 API` */
export function humanizeIdentifier(identifier: string): string {
  let name = humanized.get(identifier);
  if (name === undefined) {
    if (humanized.size >= 10_000) humanized.clear();
    name = humanize(identifier);
    humanized.set(identifier, name);
  }
  return name;
}

function humanize(identifier: string): string {
  const words = identifier
    .replace(/[_\-.]+/g, ' ')
    .replace(/OAuth2/g, ' oauth2marker ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/\s+/)
    .filter(Boolean);
  // Brands keep their own spelling: "You Tube OAuth2 Api" → "YouTube OAuth2 API".
  return brandCase(
    words
      .map((w) => {
        if (w === 'oauth2marker') return 'OAuth2';
        if (ACRONYMS.has(w.toLowerCase())) return w.toUpperCase();
        return w.charAt(0).toUpperCase() + w.slice(1);
      })
      .join(' '),
  );
}

function baseKey(type: string): string {
  return shortType(type).replace(/(Trigger|Tool)$/, '');
}

/** A node type from outside n8n's own packages (a community node). */
export const isCommunityType = (type: string): boolean =>
  type.includes('.') && !/^(n8n-nodes-base|@n8n\/n8n-nodes-langchain)\./.test(type);

/** The readable integration name of a node type, or null for core nodes. */
export function integrationName(type: string | undefined): string | null {
  if (!type) return null;
  const short = shortType(type);
  const key = baseKey(type);
  if (CORE.has(short) || CORE.has(key)) return null;
  if (NAMES[short]) return NAMES[short];
  if (NAMES[key]) return NAMES[key];
  // A community node named as its package run together with an operation
  // ("n8n-nodes-nostrobots.nostrobotsread"): the package names the app ("Nostrobots").
  const stem = isCommunityType(type)
    ? type
        .slice(0, type.lastIndexOf('.'))
        .replace(/^@[^/]+\//, '')
        .replace(/^n8n-nodes-/, '')
    : '';
  const joined = stem.replace(/-/g, '').toLowerCase();
  if (joined && /^[a-z0-9]+$/.test(short) && short !== joined && short.startsWith(joined))
    return humanizeIdentifier(stem);
  // Unknown langchain providers: drop the role prefix (lmChatFoo → Foo).
  const provider = key.replace(/^(lmChat|lm|embeddings|vectorStore|memory|tool|document)(?=[A-Z])/, '');
  if (provider.length === 0) return null;
  const named = NAMES[provider.charAt(0).toLowerCase() + provider.slice(1)] ?? humanizeIdentifier(provider);
  // n8n's own spelling of the same words ("Next Cloud" → "Nextcloud", "Pay Pal" → "PayPal").
  const shown = n8nNode(`n8n-nodes-base.${key}`)?.displayName?.replace(/\s+Trigger$/, '');
  const letters = (s: string) => s.replace(/[\s.-]/g, '').toLowerCase();
  return shown && letters(shown) === letters(named) ? brandCase(shown) : named;
}

/**
 * Nodes in the order a workflow runs them: from its triggers (nodes with no main input) along main
 * connections, breadth first, each node followed by the AI sub-nodes wired into it (model, memory,
 * tools…); nodes the path never reaches come last, in file order.
 */
export function pathOrder(nodes: WorkflowNode[], connections?: Record<string, unknown>): WorkflowNode[] {
  const byName = new Map<string, WorkflowNode>();
  for (const n of nodes) if (typeof n.name === 'string' && !byName.has(n.name)) byName.set(n.name, n);
  const next = new Map<string, string[]>();
  const subnodes = new Map<string, string[]>();
  const hasInput = new Set<string>();
  for (const [from, byType] of Object.entries(connections ?? {})) {
    if (!byName.has(from) || !byType || typeof byType !== 'object') continue;
    for (const [type, outputs] of Object.entries(byType as Record<string, unknown>)) {
      for (const output of Array.isArray(outputs) ? outputs : []) {
        for (const link of Array.isArray(output) ? output : []) {
          const to = (link as { node?: unknown } | null)?.node;
          if (typeof to !== 'string' || !byName.has(to)) continue;
          const list = type === 'main' ? next : subnodes;
          const key = type === 'main' ? from : to;
          list.set(key, [...(list.get(key) ?? []), type === 'main' ? to : from]);
          if (type === 'main') hasInput.add(to);
        }
      }
    }
  }
  const seen = new Set<string>();
  const out: WorkflowNode[] = [];
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    out.push(byName.get(name)!);
    for (const sub of subnodes.get(name) ?? []) visit(sub);
  };
  const queue = [...byName.keys()].filter((name) => !hasInput.has(name) && next.has(name));
  for (let i = 0; i < queue.length; i++) {
    visit(queue[i]!);
    for (const to of next.get(queue[i]!) ?? []) if (!seen.has(to)) queue.push(to);
  }
  return [
    ...out,
    ...nodes.filter((n) => !(typeof n.name === 'string' && seen.has(n.name) && byName.get(n.name) === n)),
  ];
}

/** Distinct readable integrations in path order (`connections` given) or node order. */
export function deriveIntegrations(nodes: WorkflowNode[], connections?: Record<string, unknown>): string[] {
  const seen = new Set<string>();
  for (const node of connections ? pathOrder(nodes, connections) : nodes) {
    const name = integrationName(node.type);
    if (name) seen.add(name);
  }
  return [...seen];
}

/** `slackOAuth2Api` → `Slack OAuth2 API` */
export function credentialName(credentialType: string): string {
  return CREDENTIAL_NAMES[credentialType] ?? humanizeIdentifier(credentialType);
}

// Small English helpers for the generated template text (decision 0022): articles, plurals, verb
// forms, brand casing, lists and sentences that never repeat a clause. Also the rules the corpus test
// counts as grammar faults, so the generator and its measure agree on what "wrong" means.

/** Letters whose spoken name starts with a vowel sound ("an SMS", "an HTTP call", "a URL"). */
const VOWEL_SOUND_LETTERS = new Set('AEFHILMNORSX'.split(''));
/** Words that start with a vowel letter but a consonant sound, and the reverse. */
const CONSONANT_SOUND = /^(uni(?!n)|use|usu|user|uti|eu|one\b|once|ubiq|uri\b)/i;
const VOWEL_SOUND = /^(hour|honest|honou?r|heir|n8n\b|mcp\b|faq\b)/i;
/** Acronyms said as a word: "a SQL query" (n8n's own wording), "a NASA feed". */
const SAID_AS_WORD = /^(SQL|NASA|JPEG|GIF|SaaS|SOAP|AJAX|LAN|WAN)$/;

/** "a" or "an" before `phrase`, by how its first word sounds. */
export function article(phrase: string): 'a' | 'an' {
  const word = phrase.trim().split(/[\s-]/)[0] ?? '';
  if (!word) return 'a';
  if (VOWEL_SOUND.test(word)) return 'an';
  if (CONSONANT_SOUND.test(word) || SAID_AS_WORD.test(word)) return 'a';
  // An acronym is read letter by letter ("an API", "a CSV", "an SQL query").
  if (/^[A-Z0-9]{2,}s?$/.test(word) && !/^[A-Z][a-z]/.test(word)) {
    if (/^\d/.test(word)) return /^(8|11|18)/.test(word) ? 'an' : 'a';
    return VOWEL_SOUND_LETTERS.has(word[0]!) ? 'an' : 'a';
  }
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** "an email", "a user". */
export const withArticle = (phrase: string) => `${article(phrase)} ${phrase}`;

const IRREGULAR_PLURALS: Record<string, string> = {
  person: 'people',
  child: 'children',
  man: 'men',
  woman: 'women',
  medium: 'media',
  datum: 'data',
  analysis: 'analyses',
  index: 'indexes',
  status: 'statuses',
  leaf: 'leaves',
};
/** Nouns with no plural form of their own. */
const UNCOUNTABLE = new Set([
  'data',
  'information',
  'media',
  'feedback',
  'weather',
  'news',
  'metadata',
  'people',
  'analytics',
  'content',
  'software',
  'audio',
  'research',
  'equipment',
  'progress',
  'advice',
  'insights',
  'details',
  'settings',
]);

/** "contact" → "contacts", "entry" → "entries", "person" → "people"; a phrase's last word changes. */
export function pluralise(phrase: string): string {
  const parts = phrase.split(' ');
  const last = parts.pop() ?? '';
  const lower = last.toLowerCase();
  let plural: string;
  if (UNCOUNTABLE.has(lower)) plural = last;
  else if (IRREGULAR_PLURALS[lower]) plural = IRREGULAR_PLURALS[lower];
  else if (/^[A-Z0-9]{2,}$/.test(last)) plural = `${last}s`;
  else if (/[^aeiou]y$/i.test(last)) plural = `${last.slice(0, -1)}ies`;
  else if (/(s|x|z|ch|sh)$/i.test(last)) plural = /ss$|us$|x$|z$|ch$|sh$/i.test(last) ? `${last}es` : last;
  else plural = `${last}s`;
  return [...parts, plural].join(' ');
}

const IRREGULAR_VERBS: Record<string, string> = { do: 'does', go: 'goes', have: 'has', be: 'is' };

/** "send" → "sends", "copy" → "copies", "search" → "searches". */
export function thirdPerson(verb: string): string {
  const v = verb.toLowerCase();
  if (IRREGULAR_VERBS[v]) return IRREGULAR_VERBS[v];
  if (/[^aeiou]y$/.test(v)) return `${v.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh|o)$/.test(v) && !/oo$/.test(v)) return `${v}es`;
  return `${v}s`;
}

/** "sends" → "send", "copies" → "copy", "searches" → "search" (for imperative titles). */
export function baseForm(verb: string): string {
  const v = verb.toLowerCase();
  const irregular = Object.entries(IRREGULAR_VERBS).find(([, third]) => third === v);
  if (irregular) return irregular[0];
  if (/ies$/.test(v)) return `${v.slice(0, -3)}y`;
  if (/(ss|x|zz|ch|sh|o)es$/.test(v)) return v.slice(0, -2);
  if (/s$/.test(v) && !/ss$/.test(v)) return v.slice(0, -1);
  return v;
}

/**
 * Canonical spellings of brands and technical words, keyed by their lowercase, space-free form.
 * Generated text passes through `brandCase`, and the grammar rules flag any other spelling.
 */
export const BRAND_CASING: Record<string, string> = {
  openai: 'OpenAI',
  youtube: 'YouTube',
  klicktipp: 'KlickTipp',
  github: 'GitHub',
  gitlab: 'GitLab',
  linkedin: 'LinkedIn',
  hubspot: 'HubSpot',
  whatsapp: 'WhatsApp',
  mailchimp: 'Mailchimp',
  sendgrid: 'SendGrid',
  clickup: 'ClickUp',
  woocommerce: 'WooCommerce',
  quickbooks: 'QuickBooks',
  postgresql: 'PostgreSQL',
  mysql: 'MySQL',
  mongodb: 'MongoDB',
  openweathermap: 'OpenWeatherMap',
  elevenlabs: 'ElevenLabs',
  wordpress: 'WordPress',
  rocketchat: 'Rocket.Chat',
  getresponse: 'GetResponse',
  quickchart: 'QuickChart',
  activecampaign: 'ActiveCampaign',
  pagerduty: 'PagerDuty',
  surveymonkey: 'SurveyMonkey',
  typeform: 'Typeform',
  jotform: 'JotForm',
  bigquery: 'BigQuery',
  dynamodb: 'DynamoDB',
  graphql: 'GraphQL',
  serpapi: 'SerpApi',
  openrouter: 'OpenRouter',
  deepseek: 'DeepSeek',
  huggingface: 'Hugging Face',
  supabase: 'Supabase',
  airtable: 'Airtable',
  notion: 'Notion',
  todoist: 'Todoist',
  iot: 'IoT',
  oauth2: 'OAuth2',
  ai: 'AI',
  api: 'API',
  apis: 'APIs',
  url: 'URL',
  urls: 'URLs',
  http: 'HTTP',
  html: 'HTML',
  json: 'JSON',
  csv: 'CSV',
  pdf: 'PDF',
  pdfs: 'PDFs',
  sms: 'SMS',
  sql: 'SQL',
  crm: 'CRM',
  rss: 'RSS',
  ftp: 'FTP',
  ssh: 'SSH',
  smtp: 'SMTP',
  imap: 'IMAP',
  mqtt: 'MQTT',
  seo: 'SEO',
  llm: 'LLM',
  gpt: 'GPT',
  xml: 'XML',
  mcp: 'MCP',
};

/** Spelling variants seen in node names and operation words that map to a brand ("You Tube", "Open AI"). */
const SPLIT_BRANDS: [RegExp, string][] = [
  [/\bYou Tube\b/gi, 'YouTube'],
  [/\bOpen AI\b/gi, 'OpenAI'],
  [/\bGit Hub\b/gi, 'GitHub'],
  [/\bGit Lab\b/gi, 'GitLab'],
  [/\bLinked In\b/gi, 'LinkedIn'],
  [/\bHub Spot\b/gi, 'HubSpot'],
  [/\bWhats App\b/gi, 'WhatsApp'],
  [/\bSend Grid\b/gi, 'SendGrid'],
  [/\bClick Up\b/gi, 'ClickUp'],
  [/\bWoo Commerce\b/gi, 'WooCommerce'],
  [/\bMy SQL\b/gi, 'MySQL'],
  [/\bMongo DB\b/gi, 'MongoDB'],
  [/\bPostgres\b(?!QL)/g, 'PostgreSQL'],
  [/\bOpen Weather Map\b/gi, 'OpenWeatherMap'],
  [/\bEleven Labs\b/gi, 'ElevenLabs'],
  [/\bGet Response\b/gi, 'GetResponse'],
  [/\bQuick Chart\b/gi, 'QuickChart'],
  [/\bRocketchat\b/gi, 'Rocket.Chat'],
  [/\bBig Query\b/gi, 'BigQuery'],
  [/\bJot Form\b/gi, 'JotForm'],
  [/\bSerp Api\b/gi, 'SerpApi'],
  [/\bOpen Router\b/gi, 'OpenRouter'],
  [/\bDeep Seek\b/gi, 'DeepSeek'],
  [/\bActive Campaign\b/gi, 'ActiveCampaign'],
  [/\bPager Duty\b/gi, 'PagerDuty'],
  [/\bN8n\b/g, 'n8n'],
  [/\bWordpress\b/g, 'WordPress'],
  [/\bNoco Db\b/g, 'NocoDB'],
  [/\bMs Sql\b/g, 'Microsoft SQL'],
  [/\bMicrosoft Sql\b/g, 'Microsoft SQL'],
];

/** Brand names with the wrong case or split in two, fixed ("You Tube OAuth2 Api" → "YouTube OAuth2 API"). */
export function brandCase(text: string): string {
  let out = text;
  for (const [re, right] of SPLIT_BRANDS) out = out.replace(re, right);
  return out.replace(/\b[A-Za-z][A-Za-z0-9]*\b/g, (word) => {
    const right = BRAND_CASING[word.toLowerCase()];
    // Only brands and acronyms written in a recognisable wrong form: a lowercase "api" or "Openai".
    if (!right || word === right) return word;
    // Common words that are also acronyms stay as written when lowercase in running text ("ai" is rare).
    return right;
  });
}

/** "a OpenAI reply" → "an OpenAI reply": articles made to agree with the word after them. */
export function fixArticles(text: string): string {
  return text.replace(/\b(a|an|A|An) ([A-Za-z0-9][\w.-]*)/g, (whole, art: string, word: string) => {
    if (word.length < 2 || /^(as|and|or|of|to|in|the|a|an)$/i.test(word)) return whole;
    const right = article(word);
    const cased = art[0] === 'A' ? right.charAt(0).toUpperCase() + right.slice(1) : right;
    return `${cased} ${word}`;
  });
}

/** "a", "a and b", "a, b and c" (duplicates dropped). */
export function listJoin(items: string[], conjunction = 'and'): string {
  const unique = [...new Set(items.filter(Boolean))];
  if (unique.length <= 1) return unique.join('');
  return `${unique.slice(0, -1).join(', ')} ${conjunction} ${unique[unique.length - 1]}`;
}

export const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
export const decapitalise = (s: string) =>
  /^[A-Z][a-z]/.test(s) && !/^[A-Z][a-z]*[A-Z]/.test(s) ? s.charAt(0).toLowerCase() + s.slice(1) : s;

/** A sentence: capitalised, one final full stop, spaces tidied. */
export function sentence(text: string): string {
  const t = text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\s+([,.;:])/g, '$1');
  if (!t) return '';
  return capitalise(/[.!?…]$/.test(t) ? t : `${t}.`);
}

const clauseKey = (s: string) =>
  s
    .toLowerCase()
    .replace(/^(in the end|then|finally|and|it|also)\s+/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Clauses (lowercase verb phrases) without any that repeats an earlier one. */
export function distinctClauses(clauses: string[]): string[] {
  const seen = new Set<string>();
  return clauses.filter((c) => {
    const key = clauseKey(c);
    if (!key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

// ---- Grammar rules (the corpus test counts them; the generator must never trip one) ----

const RAW_CRON = /(^|\s)(\*|\d+|\*\/\d+)(\s+(\*|\d+|\*\/\d+|[\d,-]+)){4,5}(\s|$|\))/;

/** What is wrong with `text` by the house rules: a/an, brand casing, "an as", doubled words, raw cron. */
export function grammarFaults(input: string): string[] {
  const faults: string[] = [];
  // Quoted node and form names are the author's; the rules judge the generated words around them.
  const text = input.replace(/"[^"]*"/g, '"…"');
  for (const m of text.matchAll(/\b(a|an|A|An)\s+([A-Za-z0-9][\w.-]*)/g)) {
    const word = m[2]!;
    // Skip quoted node names and single letters ("a B test").
    if (word.length < 2) continue;
    if (/^(as|and|or|of|to|in|the|a|an)$/i.test(word)) {
      faults.push(`article before "${word}"`);
      continue;
    }
    const right = article(word);
    if (m[1]!.toLowerCase() !== right) faults.push(`"${m[1]} ${word}" should be "${right} ${word}"`);
  }
  for (const m of text.matchAll(/\b([A-Za-z]+)\s+\1\b/gi)) {
    if (!/^(that|had|very|bye)$/i.test(m[1]!)) faults.push(`doubled word "${m[1]}"`);
  }
  for (const m of text.matchAll(/\b[A-Za-z][A-Za-z0-9]*\b/g)) {
    const right = BRAND_CASING[m[0].toLowerCase()];
    if (right && m[0] !== right && /[A-Z]/.test(m[0])) faults.push(`brand "${m[0]}" should be "${right}"`);
  }
  for (const [re, right] of SPLIT_BRANDS)
    if (new RegExp(re.source, re.flags.replace('g', '')).test(text) && !text.includes(right))
      faults.push(`brand written apart, should be "${right}"`);
  if (RAW_CRON.test(text)) faults.push('raw cron expression');
  if (/\bpeoples\b|\bdatas\b|\binformations\b/i.test(text)) faults.push('wrong plural');
  return faults;
}

/** The verb a step starts with, in its base form ("Sends a message…" → "send"). */
export function stepVerb(step: string): string {
  return baseForm(
    step
      .trim()
      .split(/\s+/)[0]
      ?.replace(/[^A-Za-z0-9]/g, '') ?? '',
  );
}

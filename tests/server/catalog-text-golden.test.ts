// Golden expectations for the template text (issue 38, decision 0022), written by reading each
// workflow file of the reference corpus: its nodes, wiring and sticky notes. Each line is one thing a
// buyer should be able to rely on: what the title names, what the summary says the template is for,
// which step the description shows, how a branch or a second entry point reads.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DerivedAutomation, deriveAutomation } from '#shared/catalog/derive-automation.ts';
import { parseWorkflowText } from '#shared/catalog/parse-workflow.ts';
import { loadCorpus } from '#tests/support/n8n-corpus.ts';

type Check = [what: string, test: (d: DerivedAutomation, steps: string[]) => boolean];

const has = (text: string, part: string) => text.toLowerCase().includes(part.toLowerCase());
const step = (part: string): Check => [`a step says "${part}"`, (_d, s) => s.some((l) => has(l, part))];
const before = (a: string, b: string): Check => [
  `"${a}" comes before "${b}"`,
  (_d, s) => {
    const i = s.findIndex((l) => has(l, a));
    const j = s.findIndex((l) => has(l, b));
    return i > 0 && j > i;
  },
];
const summary = (part: string): Check => [`the summary says "${part}"`, (d) => has(d.summary, part)];
const description = (part: string): Check => [
  `the description says "${part}"`,
  (d) => has(d.description, part),
];
const notDescription = (part: string): Check => [
  `the description never says "${part}"`,
  (d) => !has(d.description, part),
];
const title = (part: string): Check => [`the title names "${part}"`, (d) => has(d.title, part)];
const titleIs = (t: string): Check => [
  `the title stays "${t}"`,
  (d) => d.title === t && d.titleSource === 'author',
];
const purposeFrom = (source: 'author' | 'generated'): Check => [
  `the purpose is ${source === 'author' ? "the author's words" : 'written from the graph'}`,
  (d) => d.purposeSource === source,
];
const app = (name: string): Check => [`the apps include ${name}`, (d) => d.integrations.includes(name)];

const GOLDEN: Record<string, Check[]> = {
  // Telegram Trigger → OpenWeatherMap (current weather, the node's default) → Telegram reply.
  'Openweathermap/0751_Openweathermap_Telegram_Automate_Triggered.json': [
    titleIs('Telegram Weather Workflow'),
    summary('gets the current weather from OpenWeatherMap'),
    summary('Telegram'),
    before('current weather from OpenWeatherMap', 'Sends a text message with Telegram'),
  ],
  // Called from a Slack shortcut's parent workflow; starts a Qualys scan over HTTP, loops every 5
  // minutes until it is finished, then posts the summary to Slack. The overview note says so.
  'Wait/0620_Wait_Slack_Automate_Webhook.json': [
    title('Qualys'),
    purposeFrom('author'),
    summary('vulnerability scan'),
    description('When another workflow calls it'),
    step('Posts a message with Slack'),
    [
      'the scan check reads as a branch',
      (_d, s) => s.some((l) => has(l, '"Check if Scan Finished"') && has(l, 'otherwise')),
    ],
    notDescription('Make sure'),
  ],
  // A Pomodoro bot: commands routed by If nodes, Telegram notifications, sessions logged to Sheets.
  // No note states the overall purpose (they explain each block), so the graph speaks.
  'Telegram/0807_Telegram_Wait_Send_Triggered.json': [
    purposeFrom('generated'),
    ['the file-name title is replaced', (d) => d.titleSource === 'generated'],
    [
      'the command check reads as alternatives',
      (_d, s) => s.some((l) => l.startsWith('Checks a condition ("If")') && has(l, 'otherwise')),
    ],
    summary('Google Sheets'),
    app('Google Sheets'),
  ],
  // Named "extract_swifts": scrapes theswiftcodes.com page by page and stores the codes in MongoDB.
  'Functionitem/0178_Functionitem_Executecommand_Automation_Webhook.json': [
    ['the slug title is replaced', (d) => d.title !== 'extract_swifts' && d.titleSource === 'generated'],
    title('MongoDB'),
    step('Calls www.theswiftcodes.com'),
    step('Inserts documents into MongoDB'),
  ],
  // Every 12 hours an LLM writes a children's story; OpenAI makes audio and a picture; all go to Telegram.
  'Schedule/0486_Schedule_Telegram_Create_Scheduled.json': [
    purposeFrom('author'),
    summary('children'),
    title("Children's"),
    description('Every 12 hours'),
    step('Sends a photo message with Telegram'),
    notDescription('Steps to Setup'),
  ],
  // On a Pipedrive deal update: look the organisation up, search Stripe over HTTP, create the customer.
  'Http/0245_HTTP_Stripe_Create_Webhook.json': [
    summary('When a deal is updated in Pipedrive'),
    app('Stripe'),
    step('Calls the Stripe API'),
    step('Creates a customer in Stripe'),
    title('Stripe'),
  ],
  // "cheems": three old Cron nodes, each posting a meme with a Discord webhook (type version 1). The
  // author's word stays, with a capital.
  'Discord/0360_Discord_Cron_Automation_Scheduled.json': [
    titleIs('Cheems'),
    description('Every Saturday at 09:00'),
    description('Every Friday at 09:00'),
    description('Every 30 minutes'),
    notDescription('channel'),
    step('Sends a message with Discord'),
  ],
  // Pitch decks from Airtable: a sub-workflow transcribes and reports, a chat agent answers questions.
  'Code/0600_Code_Extractfromfile_Create_Webhook.json': [
    purposeFrom('author'),
    summary('Pitch Decks'),
    title('Pitch Decks'),
    description('When a chat message arrives'),
    description('stores documents in Qdrant'),
  ],
  // "DSP Agent": voice messages are fetched and transcribed on the Switch's voice route, then an
  // agent with memory and tools answers in Telegram.
  'Aggregate/1404_Aggregate_Telegram_Automation_Triggered.json': [
    titleIs('DSP Agent'),
    [
      'the Switch names its voice route',
      (_d, s) => s.some((l) => has(l, '"Switch"') && has(l, 'on "voice"')),
    ],
    step('Transcribes a recording with OpenAI'),
    [
      'the agent lists its memory and tools',
      (_d, s) => s.some((l) => has(l, 'Runs an AI agent') && has(l, 'memory') && has(l, 'Wikipedia')),
    ],
  ],
  // Daily (old Cron node, n8n's default hour changed to 7): calendar events → Zoom only when the
  // event asks for a Zoom meeting.
  'Datetime/0348_Datetime_GoogleCalendar_Automation_Scheduled.json': [
    description('Every day at 07:00'),
    description('if "IF Zoom meeting" holds, it creates a meeting in Zoom'),
    step('Gets events from Google Calendar'),
  ],
  // Appointment requests by email: a classifier, an agent with the calendar as a tool, a reply, read mark.
  'Gmail/0319_Gmail_Googlecalendartool_Send_Triggered.json': [
    step('Marks a message as read in Gmail'),
    step('Replies to a message with Gmail'),
    step('Classifies the text with AI'),
    ['the agent names its calendar tool', (_d, s) => s.some((l) => has(l, 'tool: Google Calendar'))],
  ],
  // Zigbee2MQTT backup: a Monday 02:45 cron asks for a backup over MQTT; an MQTT trigger receives it
  // and uploads the zip by SFTP. Two entry points.
  'Code/0553_Code_Schedule_Send_Scheduled.json': [
    description('Every Monday at 02:45'),
    notDescription('45 2 * * 1'),
    description('pushes messages to MQTT'),
    description('When MQTT reports an event, it also uploads a file to FTP'),
  ],
  // Invoices from Gmail: attachments uploaded to Drive through Google's upload API, renamed, moved,
  // read by an LLM and appended to a reconciliation sheet; the mail is marked read either way.
  'Extractfromfile/1764_Extractfromfile_HTTP_Automation_Webhook.json': [
    titleIs('Attachments Gmail to drive and google sheets'),
    purposeFrom('generated'),
    step('Calls the Google Drive API'),
    description('adds rows to Google Sheets'),
    [
      'the invoice check reads as a branch',
      (_d, s) => s.some((l) => has(l, '"Only invoice mails with attachments"') && has(l, 'otherwise')),
    ],
  ],
  // A lone Invoice Ninja trigger on "create_invoice": a starter, named by its event in words.
  'Invoiceninja/1004_Invoiceninja_Automate_Triggered.json': [
    title('Start a workflow when an invoice is created in Invoice Ninja'),
    summary('the steps after that are yours to add'),
  ],
  // Qualys report sub-workflow: the overview note introduces it; a note beside the Slack node says
  // "This node automates …", which describes that node, not the template.
  'Wait/0621_Wait_Slack_Monitor_Webhook.json': [
    title('Qualys'),
    summary('security reports from the Qualys API'),
    ['the summary is not a note about one node', (d) => !/^this node/i.test(d.summary)],
  ],
  // Venafi Slack CertBot: the overview note names it; "This section of the workflow …" notes and
  // "you can replace the AI Agent node" advice are about parts and set-up.
  'Webhook/0581_Webhook_Slack_Create_Webhook.json': [
    title('Venafi Slack CertBot'),
    summary('Venafi Slack CertBot'),
    notDescription('you can replace'),
  ],
  // A sheet of unconnected example nodes (triggers, AI chains, apps) with one trigger first: not a
  // starter, and the text says its nodes are not wired to the trigger.
  'Bitly/0910_Bitly_Datetime_Update_Webhook.json': [
    ['the title does not call it a starter', (d) => !/^Start a workflow/.test(d.title)],
    description('the other nodes are not connected to it'),
  ],
  // The CoinMarketCap supervisor agent: its first note says what it needs ("requires 3 external tool
  // workflows"), which is set-up; the next says what it is.
  'Telegram/1916_Telegram_Stickynote_Automation_Triggered.json': [
    title('CoinMarketCap AI Analyst'),
    summary('supervisor agent'),
    ['the summary is not a requirement', (d) => !/requires/i.test(d.summary)],
  ],
  // LinkedIn advice contributions: the step list sits under "## What this workflow does" with bold
  // labels ("**`Triggers Weekly`**: The workflow …"); the overview note names the job.
  'Splitout/0613_Splitout_Code_Create_Webhook.json': [
    ['a generic section heading is not the title', (d) => !/what this workflow does/i.test(d.title)],
    title('LinkedIn'),
    purposeFrom('author'),
    summary('LinkedIn'),
    ["no text opens with a stripped label's colon", (d) => !/(^|\n|\. ): /.test(d.description)],
  ],
  // Spotify → YouTube playlist sync: its notes write list items as headings ("- ## Automates …").
  'Wait/0715_Wait_Schedule_Create_Scheduled.json': [
    purposeFrom('author'),
    ['the purpose carries no Markdown', (d) => !/[#*`]|\]\(/.test(d.purpose)],
    ['the summary carries no Markdown', (d) => !/[#*`]/.test(d.summary)],
    summary('YouTube playlist'),
  ],
  // Q&A templates for a CMS: its "Trigger event" note advises how to change the trigger.
  'Strapi/1434_Strapi_Splitout_Automation_Webhook.json': [
    notDescription('could be changed'),
    ['the summary is not set-up advice', (d) => !/whatever trigger/i.test(d.summary)],
    ["a section's heading is not the title", (d) => d.title !== 'Prepare data in Google Sheets'],
  ],
  // Nostr #damus report: the name opens with a keycap emoji; Nostr is read by a community node.
  'Telegram/0001_Telegram_Schedule_Automation_Scheduled.json': [
    titleIs('Nostr #damus AI Powered Reporting + Gmail + Telegram'),
    notDescription('Nostrobotsread'),
    description('community node'),
  ],
  // Typeform answers saved as a spreadsheet file to Nextcloud (n8n spells it so).
  'Typeform/0262_Typeform_Spreadsheetfile_Automate_Triggered.json': [app('Nextcloud'), title('Nextcloud')],
  // llms.txt from a Screaming Frog export: the note's aside points at an article.
  'Filter/1791_Filter_Summarize_Create_Triggered.json': [
    purposeFrom('author'),
    ['the purpose has no aside pointing at a link', (d) => !/check out|unfamiliar/i.test(d.purpose)],
  ],
  // HubSpot outreach by Gmail: "This workflow uses Gmail to send outreach emails …" names the job.
  'Schedule/0417_Schedule_Gmail_Send_Scheduled.json': [title('outreach emails')],
  // An author's thank-you note ("It has taken me countless hours …") is not what the template is for.
  'Webhook/0692_Webhook_Code_Update_Webhook.json': [
    ['the purpose is not a thank-you', (d) => !/thank you|countless hours/i.test(d.purpose)],
    ['the title is not a credit', (d) => !/developed by/i.test(d.title)],
  ],
  // Email autoresponder: summary, an agent writes a reply, Gmail asks for approval, "Approve?" sends it
  // by SMTP or goes back to rewrite it. The steps before the If run whatever it decides.
  'Emailreadimap/1284_Emailreadimap_Markdown_Send.json': [
    description('if "Approve?" holds, it sends an email (SMTP); otherwise it goes back to "Set Email"'),
    notDescription('unless "Approve?"'),
    before('Asks for a reply by email with Gmail', 'Checks a condition ("Approve?")'),
    before('Checks a condition ("Approve?")', '("Send Email"'),
    [
      'no step before the If is said to run on one of its routes',
      (_d, s) => !s.some((l) => has(l, '"Send Draft"; only')),
    ],
  ],
  // Crypto news by Telegram: every note sits over the nodes it explains ("## Initialize Chat Session /
  // Stores the user's chat ID …", "## News Aggregators / Pulls articles …"); none is the purpose.
  'Rssfeedread/1186_Rssfeedread_Telegram_Create_Triggered.json': [
    purposeFrom('generated'),
    ['the summary is not a note about one node', (d) => !/chat ID|Pulls articles/i.test(d.summary)],
  ],
  // Redis lock sub-workflow: "## Set workflow end / This mark workflow end …" sits on its one node.
  'Stopanderror/0925_Stopanderror_Wait_Automate_Triggered.json': [
    purposeFrom('generated'),
    summary('When another workflow calls it'),
  ],
  // BambooHR HR chatbot: "This employee lookup tool gives …" tells the job of the "Employee Lookup Tool".
  'Splitout/1840_Splitout_Filter_Automate_Triggered.json': [
    ['the summary is not a note about the lookup tool', (d) => !/employee lookup tool/i.test(d.summary)],
    title('BambooHR'),
  ],
  // Watches a webpage for changes (hash, remove duplicates), snapshots to Drive, logs, emails.
  'Schedule/0817_Schedule_Removeduplicates_Create_Webhook.json': [
    title('changes'),
    title('webpage'),
    purposeFrom('author'),
  ],
};

let derived = new Map<string, DerivedAutomation>();
let cleanup = () => {};
beforeAll(() => {
  const corpus = loadCorpus();
  cleanup = corpus.cleanup;
  for (const f of corpus.files) {
    const key = f.file.replace(/^workflows\//, '');
    if (!GOLDEN[key]) continue;
    const parsed = parseWorkflowText(f.text);
    if (parsed.ok)
      derived.set(key, deriveAutomation({ workflow: parsed.workflow, fileName: key.split('/').pop() }));
  }
});
afterAll(() => {
  cleanup();
  derived = new Map();
});

describe('template text, golden expectations from reading the workflows', () => {
  it('has at least 40 expectations', () => {
    expect(Object.values(GOLDEN).flat().length).toBeGreaterThanOrEqual(40);
  });

  it.each(Object.keys(GOLDEN))('%s', (file) => {
    const d = derived.get(file);
    expect(d, `${file} is in the corpus`).toBeDefined();
    const steps = d!.howItWorks.split('\n');
    const failed = GOLDEN[file]!.filter(([, test]) => !test(d!, steps)).map(([what]) => what);
    expect(
      failed,
      `title: ${d!.title}\nsummary: ${d!.summary}\ndescription: ${d!.description}\nsteps:\n${steps.join('\n')}`,
    ).toEqual([]);
  });
});

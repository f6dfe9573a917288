// Generated summaries and steps on real files of the reference corpus (decision 0012). Every
// expectation below was written by reading the file: its trigger node, the apps on its main path and
// the order n8n runs them in.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseWorkflowText } from '#shared/catalog/parse-workflow.ts';
import { MAX_CARD_SUMMARY, summariseWorkflow } from '#shared/catalog/summary.ts';
import type { WorkflowJson } from '#shared/catalog/workflow-types.ts';
import { type CorpusFile, loadCorpus } from '#tests/support/n8n-corpus.ts';

type Expectation = {
  file: string;
  trigger: string;
  apps: string[];
  /** Node names that must appear in the steps in this order. */
  order: string[];
  /** Text a step must contain (operation words, agent parts). */
  step?: string;
};

const CASES: Expectation[] = [
  {
    file: 'Aggregate/1430_Aggregate_Schedule_Send_Scheduled.json',
    trigger: 'Every day at 07:00',
    apps: ['Gmail', 'OpenAI'],
    order: [
      'Fetch Emails - Past 24 Hours',
      'Summarize Emails with OpenAI - Morning',
      'Send Summary - Morning',
    ],
    step: 'Gets messages from Gmail',
  },
  {
    file: 'Code/0182_Code_GitHub_Create_Scheduled.json',
    trigger: 'Every day at 01:33',
    // Its second entry point (called by another workflow) backs files up to GitHub.
    apps: ['Slack', 'GitHub'],
    // Past 12 lines the plumbing ("Loop Over Items", "Config") is left out; apps and branches stay.
    order: ['Starting Message', 'n8n', 'Completed Notification', 'Get file data', 'Check Status'],
    step: 'Posts a message with Slack',
  },
  {
    file: 'Googlecalendar/1346_GoogleCalendar_GoogleSheets_Automate_Triggered.json',
    trigger: 'When a new row is added in Google Sheets',
    apps: ['Google Calendar'],
    order: ['Event Date Formatter', 'Google Calendar Event Creator'],
  },
  {
    file: 'Automate/1060_Automate_Webhook.json',
    trigger: 'When a chat message arrives',
    apps: [],
    order: ['AI Agent'],
    step: '(OpenAI model; memory; tools: HTTP Request and Calculator)',
  },
  {
    file: 'Aggregate/1404_Aggregate_Telegram_Automation_Triggered.json',
    trigger: 'When a Telegram message arrives',
    apps: ['Telegram', 'OpenAI', 'Airtable'],
    order: ['Switch', 'Telegram', 'OpenAI', 'Airtable', 'AI Agent', 'Telegram1'],
    step: 'Transcribes a recording with OpenAI',
  },
  {
    file: 'Datetime/0348_Datetime_GoogleCalendar_Automation_Scheduled.json',
    trigger: 'Every day at 07:00',
    apps: ['Google Calendar', 'Zoom'],
    order: ['Date & Time', 'Google Calendar', 'IF Zoom meeting', 'Zoom'],
  },
  {
    file: 'Form/0633_Form_GoogleSheets_Create_Triggered.json',
    trigger: 'When the form "Waitlist Form" is submitted',
    apps: ['Google Sheets'],
    order: ['Add  to Waitlist Sheet', 'Send Verification Email', 'Validate with Verification Code'],
    step: 'Adds or updates rows in Google Sheets',
  },
  {
    file: 'Form/1420_Form_Extractfromfile_Automate_Triggered.json',
    trigger: 'When the form "Application for Software Engineer Position" is submitted',
    apps: ['Google Sheets', 'Gmail'],
    order: ['Convert Binary to Json', 'Using AI Analysis & Rating', 'Candidate Lists'],
    step: 'Asks a language model (Google Gemini model)',
  },
  {
    file: 'Gmail/1479_Gmail_Stickynote_Create_Triggered.json',
    trigger: 'When an email arrives in Gmail',
    apps: ['Gmail'],
    order: [
      'Assess if message needs a reply',
      'If Needs Reply',
      'Generate email reply',
      'Gmail - Create Draft',
    ],
    // No operation saved: this node's resource is "draft", whose default operation in n8n is "create".
    step: 'Creates a draft in Gmail',
  },
  {
    file: 'Googlesheets/0818_GoogleSheets_Respondtowebhook_Import_Webhook.json',
    trigger: 'When a webhook is called (POST)',
    apps: ['Google Sheets'],
    order: ['Get user in DB by Phone Number', 'Respond to Webhook'],
  },
  {
    file: 'Googlesheets/0237_GoogleSheets_Spreadsheetfile_Create_Webhook.json',
    trigger: 'When a webhook is called (GET)',
    apps: ['Google Sheets'],
    order: ['Read from Google Sheets', 'Create HTML file'],
    // No operation saved: n8n's default for Google Sheets is "read".
    step: 'Reads rows from Google Sheets',
  },
  {
    file: 'Googlesheets/1833_GoogleSheets_Gmail_Create_Triggered.json',
    trigger: 'When an email arrives in Gmail',
    apps: ['Google Sheets'],
    order: ['Google Sheets'],
    step: 'Adds rows to Google Sheets',
  },
  {
    file: 'Manual/0016_Manual_Googleslides_Automate_Triggered.json',
    trigger: 'When started by hand',
    apps: ['Google Slides'],
    order: ['Google Slides', 'Google Slides1'],
    step: 'Gets slides from a presentation in Google Slides',
  },
  {
    file: 'Manual/0075_Manual_Noop_Update_Triggered.json',
    trigger: 'When started by hand',
    apps: ['GetResponse'],
    order: ['GetResponse', 'IF', 'GetResponse1'],
    step: 'Gets contacts from GetResponse',
  },
  {
    file: 'Manual/0975_Manual_Zulip_Automation_Scheduled.json',
    trigger: 'Every weekday at 08:30',
    apps: ['Zammad', 'Zulip'],
    order: ['List Tickets', 'Ticket Filtering', 'Notify for Standup'],
  },
  {
    file: 'Manual/0328_Manual_GoogleDrive_Automate_Triggered.json',
    trigger: 'When started by hand',
    apps: ['Google Drive'],
    order: ['Google Drive', 'Summarization Chain'],
    step: 'Downloads a file from Google Drive',
  },
  {
    file: 'Manual/0757_Manual_Wordpress_Create_Webhook.json',
    trigger: 'When started by hand',
    apps: ['WordPress', 'ElevenLabs'],
    order: [
      'settings',
      'Retrieve WordPress Article',
      'Generate Summary or Transcription',
      'Generate Speech',
      'Upload MP3',
      'Update WordPress Post',
    ],
    step: 'Calls the ElevenLabs API',
  },
  {
    file: 'Manual/0861_Manual_Stickynote_Update_Triggered.json',
    trigger: 'When started by hand',
    apps: ['QuickChart', 'Google Drive'],
    order: ['Edit Fields: Set JSON data to test', 'QuickChart', 'Google Drive: Upload File'],
    step: 'Uploads a file to Google Drive',
  },
  {
    file: 'Code/0482_Code_Respondtowebhook_Automation_Webhook.json',
    trigger: 'When the form "Youtube RSS Generator" is submitted',
    apps: [],
    order: ['Validation Code', 'Switch', 'Get Temporary Token'],
  },
  {
    file: 'Http/1996_HTTP_Manual_Automation_Webhook.json',
    trigger: 'When started by hand',
    apps: ['Urlbox', 'OpenAI'],
    order: ['Setup', 'URLbox API Request', 'Analyze the Screenshot'],
    step: 'Analyses an image with OpenAI',
  },
  {
    file: 'Manual/0356_Manual_Twitter_Automate_Scheduled.json',
    trigger: 'Every minute',
    apps: ['X (Twitter)', 'Rocket.Chat'],
    order: ['n8n.io mentions', 'Filter Tweet Data', 'RocketChat'],
  },
];

let corpus: { files: CorpusFile[]; cleanup(): void };
const byFile = new Map<string, WorkflowJson>();

beforeAll(() => {
  corpus = loadCorpus();
  for (const f of corpus.files) {
    const parsed = parseWorkflowText(f.text);
    if (parsed.ok) byFile.set(f.file.replace(/^workflows\//, ''), parsed.workflow);
  }
});
afterAll(() => corpus?.cleanup());

describe('summary and steps from the graph, on real corpus files', () => {
  it.each(CASES)('$file', (c) => {
    const workflow = byFile.get(c.file);
    expect(workflow, `${c.file} is in the corpus`).toBeDefined();
    const s = summariseWorkflow(workflow!);
    expect(s.trigger).toBe(c.trigger);
    expect(s.apps).toEqual(c.apps);
    expect(s.steps[0]).toBe(`${c.trigger}.`);
    expect(s.summary.startsWith(`${c.trigger},`) || s.summary === `${c.trigger}.`).toBe(true);
    expect(s.summary.length).toBeLessThanOrEqual(MAX_CARD_SUMMARY);
    // Each named node shows up in a step, in execution order.
    const at = c.order.map((name) => s.steps.findIndex((line) => line.includes(`"${name}"`)));
    expect(
      at.every((i) => i > 0),
      `steps: ${s.steps.join(' | ')}`,
    ).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    if (c.step) expect(s.steps.some((line) => line.includes(c.step!))).toBe(true);
    // Never the author's sticky notes.
    const notes = workflow!.nodes.filter((n) => n.type === 'n8n-nodes-base.stickyNote');
    for (const n of notes) {
      const text = String(n.parameters?.content ?? '').trim();
      if (text.length > 20) expect(s.description).not.toContain(text.slice(0, 20));
    }
  });

  it('every corpus file gets a summary within 160 characters and at least the trigger step', () => {
    for (const [file, workflow] of byFile) {
      const s = summariseWorkflow(workflow);
      expect(s.summary.length, file).toBeLessThanOrEqual(MAX_CARD_SUMMARY);
      expect(s.summary.length, file).toBeGreaterThan(10);
      expect(s.steps.length, file).toBeGreaterThanOrEqual(1);
    }
    expect(byFile.size).toBeGreaterThan(2000);
  });

  it('imports the 246-node file with 72 sticky notes (174 executable nodes)', () => {
    const file = corpus.files.find((f) => f.file.endsWith('1897_Webhook_Filter_Sync_Webhook.json'))!;
    const parsed = parseWorkflowText(file.text);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.workflow.nodes).toHaveLength(246);
  });
});

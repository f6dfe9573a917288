// The set-up wizard's detection (issue 40 item 5, decision 0026) on crafted nodes and on the reference
// corpus, and the format check of the member's answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detectSetupFields, fillSetupFields } from '#server/n8n/setup-fields.ts';
import { parseWorkflowText } from '#shared/catalog/parse-workflow.ts';
import { parseSetupValue } from '#shared/schemas/setup-fields.ts';
import { type CorpusFile, corpusGate, loadCorpus } from '#tests/support/n8n-corpus.ts';
import { setupField } from '#tests/support/setup-field.ts';

type Node = { name: string; type: string; typeVersion: number; parameters: Record<string, unknown> };
const node = (
  name: string,
  type: string,
  typeVersion: number,
  parameters: Record<string, unknown>,
): Node => ({
  name,
  type,
  typeVersion,
  parameters,
});
const rl = (value: string, mode = 'id', cachedResultName?: string) => ({
  __rl: true,
  value,
  mode,
  ...(cachedResultName ? { cachedResultName } : {}),
});
const fieldsOf = (nodes: Node[]) =>
  detectSetupFields(nodes).map((f) => `${f.node}.${f.param}: ${f.reason} (${f.kind})`);

const SHEET = 'n8n-nodes-base.googleSheets';
const SLACK = 'n8n-nodes-base.slack';

describe('what a template leaves to fill', () => {
  it("asks for the author's spreadsheet and sheet, with n8n's names, description and id format", () => {
    const fields = detectSetupFields([
      node('Log order', SHEET, 4.5, {
        operation: 'append',
        documentId: rl('1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789', 'list', 'Orders 2024'),
        sheetName: rl('1789456312', 'list', 'Sheet7'),
      }),
    ]);
    expect(fields.map((f) => [f.param, f.label, f.reason, f.kind, f.locatorMode])).toEqual([
      ['documentId', 'Document', 'author-resource', 'resource', 'id'],
      ['sheetName', 'Sheet', 'author-resource', 'resource', 'id'],
    ]);
    expect(fields[0]!.nodeType).toBe('Google Sheets');
    expect(fields[0]!.current).toBe('Orders 2024 (1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789)');
    expect(fields[0]!.idPattern).toBe('[a-zA-Z0-9\\-_]{2,}');
    expect(fields[0]!.urlPattern).toContain('google\\.com');
  });

  it('leaves what travels: sheet tabs by name or the first tab, expressions, models', () => {
    expect(
      fieldsOf([
        node('Read', SHEET, 4.5, {
          operation: 'read',
          documentId: rl('={{ $json.sheet }}', 'id'),
          sheetName: rl('Sheet1', 'name'),
        }),
        node('First tab', SHEET, 4.5, { documentId: rl('={{ $json.id }}'), sheetName: rl('gid=0', 'list') }),
        node('Chat model', '@n8n/n8n-nodes-langchain.lmChatOpenAi', 1.2, {
          model: rl('gpt-4o-mini', 'list'),
        }),
      ]),
    ).toEqual([]);
  });

  it('asks for a Slack channel by id, and the channel a v1 node names', () => {
    expect(
      fieldsOf([
        node('Tell the team', SLACK, 2.2, {
          select: 'channel',
          channelId: rl('C08ABCDEF12', 'id'),
          text: 'New order',
        }),
        node('Old Slack', SLACK, 1, { channel: 'C0123ABCD', text: 'hi' }),
      ]),
    ).toEqual([
      'Tell the team.channelId: author-resource (resource)',
      'Old Slack.channel: author-resource (resource)',
    ]);
  });

  it('asks for required parameters left empty, only where n8n shows them', () => {
    expect(
      fieldsOf([
        node('Send', 'n8n-nodes-base.telegram', 1.2, { chatId: '', text: 'hi' }),
        node('Mail', 'n8n-nodes-base.gmail', 2.1, { subject: 'Report', message: 'Hi' }),
        // A message update needs no chat id in this resource: hidden, never asked.
        node('Fetch', 'n8n-nodes-base.httpRequest', 4.2, {}),
      ]),
    ).toEqual([
      'Send.chatId: required-empty (resource)',
      'Mail.sendTo: required-empty (email)',
      'Fetch.url: required-empty (url)',
    ]);
  });

  it('finds placeholders: YOUR_…, <…>, REPLACE_…, example emails and ids, xxx', () => {
    const found = fieldsOf([
      node('Send', 'n8n-nodes-base.telegram', 1.2, { chatId: 'YOUR_CHAT_ID', text: 'hi' }),
      node('Mail', 'n8n-nodes-base.gmail', 2.1, {
        sendTo: 'you@example.com',
        subject: 'Your order is ready',
        message: 'Thanks',
      }),
      node('Call', 'n8n-nodes-base.httpRequest', 4.2, {
        url: 'https://api.shop.com/v1/<YOUR_API_KEY>/orders',
      }),
      node('Base', 'n8n-nodes-base.airtable', 1, {
        operation: 'list',
        application: 'REPLACE_WITH_BASE_ID',
        table: 'xxx',
      }),
      node('Post', SLACK, 2.2, { select: 'channel', channelId: rl('C0122KQ70S7E'), text: 'hi' }),
      node('Notes', 'n8n-nodes-base.set', 3.4, { custom: '<your sheet id>' }),
    ]);
    expect(found).toEqual([
      'Send.chatId: placeholder (resource)',
      'Mail.sendTo: placeholder (email)',
      'Call.url: placeholder (url)',
      'Base.application: placeholder (resource)',
      'Base.table: placeholder (resource)',
      'Post.channelId: placeholder (resource)',
      'Notes.custom: placeholder (text)',
    ]);
  });

  it('does not take ordinary words for placeholders', () => {
    expect(
      fieldsOf([
        node('Mail', 'n8n-nodes-base.gmail', 2.1, {
          sendTo: 'orders@acme-shop.com',
          subject: 'Your Message could not be processed',
          message: 'your image is ready',
        }),
        node('Hook', 'n8n-nodes-base.webhook', 2, { path: 'replace-image-in-slide' }),
      ]),
    ).toEqual([]);
  });

  it('skips disabled nodes and sticky notes', () => {
    expect(
      detectSetupFields([
        { ...node('Off', 'n8n-nodes-base.telegram', 1.2, { chatId: '' }), disabled: true },
        node('Note', 'n8n-nodes-base.stickyNote', 1, { content: 'YOUR_SHEET_ID' }),
      ]),
    ).toEqual([]);
  });
});

describe('answers', () => {
  it('checks ids and reads them from links where n8n says how', () => {
    const [sheets] = detectSetupFields([
      node('Log', SHEET, 4.5, {
        operation: 'append',
        documentId: rl('abc123xyz', 'id'),
        sheetName: rl('Sheet1', 'name'),
      }),
    ]);
    expect(parseSetupValue(sheets!, ' 1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms ')).toEqual({
      ok: true,
      value: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms',
    });
    expect(
      parseSetupValue(
        sheets!,
        'https://docs.google.com/spreadsheets/d/1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms/edit#gid=0',
      ),
    ).toEqual({ ok: true, value: '1BxiMVs0XRA5nFMdKvBdBZjgmUUqptlbs74OgvE2upms' });
    expect(parseSetupValue(sheets!, 'my sheet!')).toMatchObject({ ok: false });
    expect(parseSetupValue(sheets!, 'https://example.org/nothing')).toMatchObject({ ok: false });
    expect(parseSetupValue(sheets!, '   ')).toEqual({ ok: true, value: null });
  });

  it('checks emails (lists and named senders) and web addresses', () => {
    const email = setupField({ kind: 'email', label: 'To' });
    expect(parseSetupValue(email, 'a@shop.com, Team <team@shop.com>')).toEqual({
      ok: true,
      value: 'a@shop.com, Team <team@shop.com>',
    });
    expect(parseSetupValue(email, 'a@shop.com, nope')).toMatchObject({
      ok: false,
      message: 'To: “nope” is not an email address.',
    });
    const url = setupField({ kind: 'url', label: 'URL' });
    expect(parseSetupValue(url, 'https://api.shop.com/v1')).toMatchObject({ ok: true });
    expect(parseSetupValue(url, 'javascript:alert(1)')).toMatchObject({ ok: false });
  });

  it('writes answers as n8n stores them, and nothing when one answer is wrong', () => {
    const nodes = [
      node('Log', SHEET, 4.5, {
        operation: 'append',
        documentId: rl('abc123xyz', 'list', 'Orders'),
        sheetName: rl('Sheet1', 'name'),
      }),
      node('Send', 'n8n-nodes-base.telegram', 1.2, { chatId: '', text: 'hi' }),
    ];
    const fields = detectSetupFields(nodes);
    const wrong = fillSetupFields(nodes, fields, [
      { node: 'Log', param: 'documentId', value: 'sheet-1_OK' },
      { node: 'Send', param: 'text', value: 'not asked' },
    ]);
    expect(wrong).toEqual({ ok: false, errors: ['Send: “text” is not a field this template asks for.'] });
    expect(nodes[0]!.parameters.documentId).toEqual(rl('abc123xyz', 'list', 'Orders'));
    const filled = fillSetupFields(nodes, fields, [
      { node: 'Log', param: 'documentId', value: 'sheet-1_OK' },
      { node: 'Send', param: 'chatId', value: '-100123' },
    ]);
    expect(filled.ok).toBe(true);
    expect(nodes[0]!.parameters.documentId).toEqual({ __rl: true, value: 'sheet-1_OK', mode: 'id' });
    expect(nodes[1]!.parameters.chatId).toBe('-100123');
  });
});

const gate = corpusGate();
describe.runIf(gate.present)(`over the reference corpus${gate.title}`, () => {
  let corpus: { files: CorpusFile[]; cleanup(): void };
  beforeAll(() => {
    corpus = loadCorpus();
  });
  afterAll(() => corpus?.cleanup());

  it('finds something to fill in many templates, fast enough to be part of preflight', () => {
    let workflows = 0;
    let withFields = 0;
    let elapsed = 0;
    const byReason: Record<string, number> = {};
    for (const f of corpus.files) {
      const parsed = parseWorkflowText(f.text);
      if (!parsed.ok) continue;
      workflows++;
      const nodes = parsed.workflow.nodes.filter(
        (n): n is Node => typeof n.name === 'string' && typeof n.type === 'string',
      );
      const started = performance.now();
      const fields = detectSetupFields(nodes);
      elapsed += performance.now() - started;
      if (fields.length) withFields++;
      for (const x of fields) byReason[x.reason] = (byReason[x.reason] ?? 0) + 1;
    }
    console.log(
      `set-up wizard: ${withFields}/${workflows} corpus templates get ≥ 1 field (${JSON.stringify(byReason)}); ${(elapsed / workflows).toFixed(2)} ms a template`,
    );
    expect(withFields).toBeGreaterThan(workflows / 4);
    expect(byReason['required-empty']).toBeGreaterThan(0);
    expect(byReason.placeholder).toBeGreaterThan(0);
    expect(elapsed / workflows).toBeLessThan(20);
  });
});

import { describe, expect, it } from 'vitest';
import { cardSummary, deriveDescription, deriveTitle, factualDescription, readableFileName } from './text.ts';

describe('readableFileName', () => {
  it.each([
    ['0008_Slack_Stripe_Create_Triggered.json', 'Slack Stripe Create Triggered'],
    ['workflows/Slack/0109_Slack_Cron.json', 'Slack Cron'],
    ['my-cool-flow.json', 'My cool flow'],
    ['1234_.json', 'Untitled workflow'],
  ])('%s → %s', (input, expected) => expect(readableFileName(input)).toBe(expected));
});

describe('deriveTitle', () => {
  it.each([
    [{ manifestTitle: 'From manifest', workflowName: 'Name', fileName: 'a.json' }, 'From manifest'],
    [{ manifestTitle: ' ', workflowName: '  Spaced   name ', fileName: 'a.json' }, 'Spaced name'],
    [{ workflowName: 42, fileName: '0001_Telegram_Bot.json' }, 'Telegram Bot'],
    [{ workflowName: '', fileName: '0001_Telegram_Bot.json' }, 'Telegram Bot'],
    [{}, 'Untitled workflow'],
  ])('%j → %s', (input, expected) => expect(deriveTitle(input)).toBe(expected));
});

const sticky = (content: string, x: number) => ({
  type: 'n8n-nodes-base.stickyNote',
  parameters: { content },
  position: [x, 0],
});

describe('deriveDescription', () => {
  const base = { trigger: 'Schedule', integrations: ['Slack'], nodeCount: 4 };
  it.each([
    ['manifest first', { ...base, manifestDescription: 'Given.', nodes: [sticky('Note', 0)] }, 'Given.'],
    ['first sticky in canvas order', { ...base, nodes: [sticky('Right', 100), sticky('Left', 0)] }, 'Left'],
    ['factual sentence', { ...base, nodes: [] }, 'Runs on a schedule and works with Slack; 4 nodes.'],
  ])('%s', (_label, input, expected) => expect(deriveDescription(input)).toBe(expected));
});

describe('factualDescription', () => {
  it.each([
    ['Manual', [], 1, 'Started by hand; 1 node.'],
    [
      'Webhook',
      ['Slack', 'Gmail', 'Notion'],
      5,
      'Runs when a webhook is called and works with Slack, Gmail and Notion; 5 nodes.',
    ],
    ['Telegram event', ['Telegram'], 3, 'Runs on a Telegram event and works with Telegram; 3 nodes.'],
  ])('%s', (trigger, integrations, count, expected) =>
    expect(factualDescription(trigger, integrations, count)).toBe(expected),
  );
});

describe('cardSummary', () => {
  const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(' ');
  it.each([
    [
      'two sentences kept',
      'First sentence here. Second sentence here. Third one here.',
      'First sentence here. Second sentence here.',
    ],
    [
      'short fragments ignored',
      'Hi. First sentence here. Second sentence here.',
      'First sentence here. Second sentence here.',
    ],
    ['one long sentence → 25 words', `${long}.`, `${long.split(' ').slice(0, 25).join(' ')}...`],
    ['one short sentence kept', 'Only one sentence here.', 'Only one sentence here.'],
    [
      'two long sentences cut at 120',
      `${'a'.repeat(80)} end. ${'b'.repeat(80)} end.`,
      `${`${'a'.repeat(80)} end. ${'b'.repeat(80)}`.slice(0, 120)}...`,
    ],
    ['empty', '', ''],
  ])('%s', (_label, input, expected) => expect(cardSummary(input)).toBe(expected));
});

import { describe, expect, it } from 'vitest';
import { cardSummary, deriveTitle, readableFileName } from './text.ts';

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
    [
      'one long sentence → 25 words, within 160 characters',
      `${long}.`,
      `${long.split(' ').slice(0, 24).join(' ')}...`,
    ],
    ['one short sentence kept', 'Only one sentence here.', 'Only one sentence here.'],
    [
      'two long sentences cut at 120',
      `${'a'.repeat(80)} end. ${'b'.repeat(80)} end.`,
      `${`${'a'.repeat(80)} end. ${'b'.repeat(80)}`.slice(0, 120)}...`,
    ],
    ['empty', '', ''],
    [
      'never above 160 characters',
      `${'x'.repeat(30)} `.repeat(25),
      `${`${'x'.repeat(30)} `.repeat(5).trimEnd()}...`,
    ],
  ])('%s', (_label, input, expected) => expect(cardSummary(input)).toBe(expected));
});

import { describe, expect, it } from 'vitest';
import { nodeAction } from './node-actions.ts';

const node = (type: string, parameters: Record<string, unknown> = {}) => ({
  name: 'x',
  type,
  typeVersion: 1,
  position: [0, 0] as [number, number],
  parameters,
});

describe('node actions in n8n words', () => {
  it('gives a singular noun after the verb an article, not a modifier before a plural', () => {
    expect(nodeAction(node('n8n-nodes-base.googleDrive', { operation: 'createFromText' })).text).toBe(
      'creates a file from text in Google Drive',
    );
    expect(
      nodeAction(node('n8n-nodes-base.notion', { resource: 'databasePage', operation: 'getAll' })).text,
    ).not.toMatch(/\ba database pages\b/);
  });

  it('gives the object after a preposition an article, and says rows go into the database app', () => {
    expect(
      nodeAction(node('n8n-nodes-base.microsoftExcel', { resource: 'worksheet', operation: 'append' })).text,
    ).toMatch(/to a sheet\b/);
    expect(nodeAction(node('n8n-nodes-base.mySql', { operation: 'insert' })).text).toBe(
      'inserts rows into MySQL',
    );
  });

  it('says translators translate text, not "a language" as n8n words it', () => {
    expect(nodeAction(node('n8n-nodes-base.deepL', { text: 'Hallo' })).text).toBe(
      'translates text with DeepL',
    );
    expect(nodeAction(node('n8n-nodes-base.googleTranslate', { text: 'Hola' })).text).toBe(
      'translates text with Google Translate',
    );
  });

  it('names a community node as one, by its package', () => {
    expect(nodeAction(node('n8n-nodes-nostrobots.nostrobotsread')).text).toBe(
      'uses the Nostrobots community node',
    );
  });
});

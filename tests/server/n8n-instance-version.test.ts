// Version facts (issue 24): the n8n version an instance reveals without a login, and nodes a template
// needs that are newer than the member's n8n has.
import { describe, expect, it } from 'vitest';
import { versionFromEditorHtml } from '#server/n8n/instance-version.ts';
import { NODE_TABLE_N8N_VERSION, nodesNewerThanInstance } from '#shared/catalog/node-versions.ts';

const meta = (json: unknown) =>
  `<html><head><meta name="n8n:config:sentry" content="${Buffer.from(JSON.stringify(json)).toString('base64')}"></head></html>`;

describe('versionFromEditorHtml', () => {
  it('reads the release of the editor page’s sentry meta tag', () => {
    expect(versionFromEditorHtml(meta({ dsn: '', environment: 'production', release: 'n8n@1.123.81' }))).toBe(
      '1.123.81',
    );
  });
  it('is null without the tag, with a broken tag, or with something that is not a version', () => {
    expect(versionFromEditorHtml('<html></html>')).toBeNull();
    expect(versionFromEditorHtml('<meta name="n8n:config:sentry" content="!!!">')).toBeNull();
    expect(versionFromEditorHtml(meta({ release: 'n8n@latest' }))).toBeNull();
  });
});

describe('nodesNewerThanInstance', () => {
  const nodes = [
    { name: 'Webhook', type: 'n8n-nodes-base.webhook', typeVersion: 2 },
    { name: 'Future agent', type: '@n8n/n8n-nodes-langchain.agent', typeVersion: 99 },
    { name: 'Community', type: 'n8n-nodes-acme.thing', typeVersion: 7 },
  ];
  it('names nodes above the highest version the table’s n8n has, for an instance that old or older', () => {
    expect(nodesNewerThanInstance(nodes, '1.36.0')).toEqual([
      { name: 'Future agent', type: '@n8n/n8n-nodes-langchain.agent', typeVersion: 99, highest: 3 },
    ]);
    expect(nodesNewerThanInstance(nodes, NODE_TABLE_N8N_VERSION)).toHaveLength(1);
  });
  it('says nothing when the instance version is unknown or newer than the table', () => {
    expect(nodesNewerThanInstance(nodes, null)).toBeNull();
    expect(nodesNewerThanInstance(nodes, '2.0.0')).toBeNull();
  });
});

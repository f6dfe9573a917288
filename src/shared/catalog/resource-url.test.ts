import { describe, expect, it } from 'vitest';
import { checkResourceUrl, checkTemplateUrl, workflowFileName } from './resource-url.ts';

describe('resource and template URL rules', () => {
  it('accepts resource links on the allowed hosts and their subdomains', () => {
    for (const url of [
      'https://n8n.io/workflows/1',
      'https://community.n8n.io/t/x',
      'https://dev.to/a/b',
      'https://www.reddit.com/r/n8n/x',
      'https://www.skool.com/n8n',
      'https://youtu.be/abcdefghijk',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    ])
      expect(checkResourceUrl(url).ok, url).toBe(true);
  });

  it('refuses other hosts, look-alikes, bad YouTube ids and unparseable text', () => {
    expect(checkResourceUrl('https://evil.example/n8n.io')).toMatchObject({
      ok: false,
      title: 'Invalid Resource URL',
    });
    expect(checkResourceUrl('https://notn8n.io/x').ok).toBe(false);
    expect(checkResourceUrl('https://youtu.be/short').ok).toBe(false);
    expect(checkResourceUrl('not a url')).toEqual({
      ok: false,
      title: 'Invalid Resource URL',
      message: 'The resource URL is not valid.',
    });
    expect(checkResourceUrl('javascript:alert(1)').ok).toBe(false);
  });

  it('opens templates only from n8n.io or github.com, with the spec texts', () => {
    expect(checkTemplateUrl('https://n8n.io/workflows/2').ok).toBe(true);
    expect(checkTemplateUrl('https://example.com/t')).toEqual({
      ok: false,
      title: 'Invalid Template URL',
      message: "This template URL doesn't appear to be from a trusted source.",
    });
    expect(checkTemplateUrl('::')).toEqual({
      ok: false,
      title: 'Invalid URL',
      message: 'The template URL is not valid.',
    });
  });

  it('names the download after the title', () => {
    expect(workflowFileName('Slack digest from Google Sheets!')).toBe('slack-digest-from-google-sheets.json');
    expect(workflowFileName('???')).toBe('workflow.json');
  });
});

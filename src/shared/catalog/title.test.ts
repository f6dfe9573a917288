import { describe, expect, it } from 'vitest';
import { isFileNameTitle, tidyAuthorTitle, titleFromGraph, titleFromPurpose } from './title.ts';

describe('author titles', () => {
  it.each([
    ['2. Refresh Pipedrive tokens', 'Refresh Pipedrive tokens'],
    ['Template - SSL Expiry Alert System', 'SSL Expiry Alert System'],
    ['[n8n] Daily standup digest', 'Daily standup digest'],
    ['🦜✨Use OpenAI to Transcribe Audio', 'Use OpenAI to Transcribe Audio'],
    ['Workflow: Sync HubSpot deals to Sheets', 'Sync HubSpot deals to Sheets'],
    // The words an author chose stay, even when they start with a number or the word "template".
    ['3D print queue manager', '3D print queue manager'],
    ['Template builder for invoices', 'Template builder for invoices'],
    ['1. Start', '1. Start'],
    // Keycap emoji: a character, an optional U+FE0F and U+20E3.
    ['#\uFE0F\u20E3Nostr #damus AI Powered Reporting', 'Nostr #damus AI Powered Reporting'],
    ['1\u20E3 Daily digest to Slack', 'Daily digest to Slack'],
    // A lower-case first word is capitalised; brands written in lower case are not.
    ['typeform feedback workflow', 'Typeform feedback workflow'],
    ['n8n workflow deployer', 'n8n workflow deployer'],
    ['dub.co URL Shortener', 'dub.co URL Shortener'],
  ])('tidies "%s" to "%s"', (name, tidy) => expect(tidyAuthorTitle(name)).toBe(tidy));

  it('tells file names and slugs from words a person chose', () => {
    expect(isFileNameTitle('Aggregate Gmail Create Triggered')).toBe(true);
    expect(isFileNameTitle('extract_swifts')).toBe(true);
    expect(isFileNameTitle('My workflow 3')).toBe(true);
    expect(isFileNameTitle('Telegram Weather Workflow')).toBe(false);
  });

  it('turns a modal purpose into a title and ends a long one at a clause', () => {
    expect(
      titleFromPurpose(
        "This n8n template can monitor and detect changes to a webpage's contents and notify you only when a change occurs.",
      ),
    ).toBe("Monitor and detect changes to a webpage's contents and notify you");
    expect(titleFromPurpose('This template will be copied each time you run the flow.')).toBeNull();
    // "uses X to <do>": the job is the doing; "uses X calls to the API" is not a job.
    expect(
      titleFromPurpose(
        'This workflow uses Gmail to send outreach emails to HubSpot contacts (usually new ones).',
      ),
    ).toBe('Send outreach emails to HubSpot contacts');
    expect(titleFromPurpose('This workflow uses GraphQL calls to the Shopify Admin API.')).toBeNull();
  });
});

describe('titleFromGraph', () => {
  it('keeps a list of objects whole and names the last of several actions', () => {
    // "files and folders": two objects of one verb, not a second action "folders in Google Drive".
    expect(
      titleFromGraph(
        ['searches files and folders in Google Drive', 'uploads a file to Google Drive'],
        'When started by hand',
        [],
      ),
    ).toBe('Search files and folders in Google Drive and upload a file to Google Drive');
    expect(
      titleFromGraph(
        ['gets a file from Telegram and transcribes a recording with OpenAI'],
        'When started by hand',
        [],
      ),
    ).toBe('Transcribe a recording with OpenAI');
    expect(titleFromGraph(['adds or updates rows in Google Sheets'], 'When started by hand', [])).toBe(
      'Update rows in Google Sheets',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { notePurpose, noteTitle, plainText } from './purpose.ts';

describe('author purpose (decision 0022)', () => {
  it('drops a bold label with its colon, and heading markers inside list items', () => {
    expect(plainText('1. **`Triggers Weekly`**: The workflow runs every Monday.')).toBe(
      'The workflow runs every Monday.',
    );
    expect(plainText('**Trigger:** The workflow runs every Monday.')).toBe('The workflow runs every Monday.');
    expect(plainText('- ## Automates playlist updates and database storage.')).toBe(
      'Automates playlist updates and database storage.',
    );
    // A caution keeps its label, so it still reads as one; a bold sentence before a dash is prose.
    expect(plainText('**Note:** The workflow needs a key.')).toBe('Note: The workflow needs a key.');
    expect(plainText('**This workflow automates blog posts** — from research to WordPress.')).toBe(
      'This workflow automates blog posts — from research to WordPress.',
    );
  });

  it('never takes a generic section heading as a title', () => {
    for (const h of ['What this workflow does', 'How it works', 'Setup', 'Overview', 'Key Features'])
      expect(noteTitle(`## ${h}\nThis workflow posts LinkedIn advice to Slack every week.`)).toBeNull();
    expect(noteTitle('## Become A LinkedIn Top Voice with AI\nThis workflow helps users.')).toBe(
      'Become A LinkedIn Top Voice with AI',
    );
  });

  it('reads a heading that merely contains a set-up word ("LinkedIn" is not "links")', () => {
    expect(
      notePurpose([
        '## Become A LinkedIn Top Voice with AI\nThis workflow helps users keep a presence on LinkedIn with AI.',
      ])?.text,
    ).toBe('This workflow helps users keep a presence on LinkedIn with AI.');
  });

  it('does not take advice on changing the workflow as its purpose', () => {
    expect(
      notePurpose([
        '## Trigger event\nThis could be changed to whatever trigger event you need: an app event, a schedule or a webhook call.',
      ]),
    ).toBeNull();
    expect(
      notePurpose(['To enable this workflow, we need a database where we can store the photos to analyse.']),
    ).toBeNull();
  });

  it('does not take how the workflow was made, or tutorial narration, as its purpose', () => {
    expect(
      notePurpose([
        'This workflow was created using n8n version 0.197.1 and uses a new expression syntax as well as a new version of the Merge node.',
      ]),
    ).toBeNull();
    expect(
      notePurpose(['We will make an HTTP request to find out the geographic coordinates of a city.']),
    ).toBeNull();
  });

  it('takes "A workflow that …" and a "This workflow does the following" list', () => {
    expect(
      notePurpose([
        '# Sync\n## A workflow that keeps a YouTube playlist in sync with a Spotify playlist, every hour.',
      ])?.text,
    ).toMatch(/^A workflow that keeps a YouTube playlist/);
    expect(
      notePurpose([
        '## Try It Out!\n### This workflow does the following:\n* Scans an Airtable base for rows with photos.\n* Uses an AI model to identify the product.',
      ])?.text,
    ).toBe('Scans an Airtable base for rows with photos. Uses an AI model to identify the product.');
  });

  it('drops an aside pointing at a link, and thanks or requests to the reader', () => {
    expect(
      plainText(
        'This workflow generates an llms.txt file (if you are new to it, check out [this article](https://x.y/a)) from a crawl.',
      ),
    ).toBe('This workflow generates an llms.txt file from a crawl.');
    expect(
      notePurpose([
        'Thank you for using this workflow template. It has taken me countless hours of hard work to develop.',
      ]),
    ).toBeNull();
    expect(
      notePurpose([
        'This workflow uses GraphQL calls to the Shopify Admin API. To understand the queries please check the API Docs.',
      ])?.text,
    ).toBe('This workflow uses GraphQL calls to the Shopify Admin API.');
  });

  it("reads a section headed with a node's name as that node's note", () => {
    const note = '## Refine Topic\nRefines the input topic for better readability before the research.';
    expect(notePurpose([note])?.text).toMatch(/^Refines the input topic/);
    expect(notePurpose([note], ['Telegram Trigger', 'Refine topic'])).toBeNull();
  });

  it('reads a note placed on one node, or over a group of nodes, as about those nodes', () => {
    const names = ['Trigger', 'Adds the sessionId', 'Agent', 'RSS A', 'RSS B', 'Reply'];
    const note = "## Initialize Chat Session\nStores the user's chat ID as sessionId, used to manage memory.";
    expect(notePurpose([note], names)?.text).toMatch(/^Stores the user's chat ID/);
    expect(notePurpose([note], names, [['Adds the sessionId']])).toBeNull();
    const group = '## News Aggregators\nPulls articles from major crypto news sources every time it runs.';
    expect(notePurpose([group], names)?.text).toMatch(/^Pulls articles/);
    expect(notePurpose([group], names, [['RSS A', 'RSS B']])).toBeNull();
    // A note over the whole workflow still speaks for it.
    expect(notePurpose([group], names, [names])?.text).toMatch(/^Pulls articles/);
  });

  it("does not take a sentence about a named node's job as the purpose", () => {
    const note =
      'This employee lookup tool gives the chatbot additional superpowers by allowing it to search for a department.';
    expect(notePurpose([note], ['Chat', 'Agent'])?.text).toMatch(/^This employee lookup tool/);
    expect(notePurpose([note], ['Chat', 'Agent', 'Employee Lookup Tool'])).toBeNull();
  });

  it('reads a numbered step section as one step, not the purpose', () => {
    expect(
      notePurpose(['# 02. Generate & Send Offer\n**Purpose:** Processes each eligible customer in a loop.']),
    ).toBeNull();
  });
});

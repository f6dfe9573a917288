import { describe, expect, it } from 'vitest';
import { deriveCategory, deriveDifficulty, deriveTags, slugify } from './classify.ts';
import { CATEGORIES, FILTER_TAGS, MAX_TAGS } from './constants.ts';

const input = (title: string, description = '', integrations: string[] = []) => ({
  title,
  description,
  integrations,
});

describe('deriveCategory (keyword rules over the eight categories)', () => {
  it.each([
    [input('AI agent that answers questions', '', ['OpenAI']), 'AI & Automation'],
    [
      input('Chat with your documents', 'Embeddings into a vector store for RAG', ['Pinecone', 'OpenAI']),
      'AI Memory & RAG',
    ],
    [input('Export CSV rows to a database', '', ['PostgreSQL']), 'Data Processing'],
    [input('Publish blog articles to WordPress', '', ['WordPress']), 'Content Creation'],
    [input('Forward messages', '', ['Slack', 'Discord']), 'Integrations'],
    [input('Run nightly on a cron schedule with retry'), 'Workflows'],
    [input('Create invoice for new Stripe payment', '', ['Stripe', 'QuickBooks']), 'Business Process'],
    [input('Do a thing'), 'General Automation'],
    [input('Send mail to Gmail'), 'Integrations'],
    [input('Storage cleanup'), 'General Automation'],
  ])('%j → %s', (value, expected) => expect(deriveCategory(value)).toBe(expected));

  it('every category is reachable', () => {
    const samples = [
      input('AI agent'),
      input('CSV data'),
      input('Blog article'),
      input('Slack webhook'),
      input('Cron schedule'),
      input('RAG vector store'),
      input('Invoice payment'),
      input('Hello'),
    ];
    expect(new Set(samples.map(deriveCategory))).toEqual(new Set(CATEGORIES));
  });
});

describe('deriveDifficulty (keywords, node count breaks ties)', () => {
  it.each([
    [{ title: 'Advanced multi-agent router', description: '', nodeCount: 3 }, 'Advanced'],
    [{ title: 'Simple Slack ping', description: '', nodeCount: 30 }, 'Beginner'],
    [{ title: 'Simple but advanced', description: '', nodeCount: 10 }, 'Intermediate'],
    [{ title: 'Plain', description: '', nodeCount: 4 }, 'Beginner'],
    [{ title: 'Plain', description: '', nodeCount: 5 }, 'Intermediate'],
    [{ title: 'Plain', description: '', nodeCount: 15 }, 'Advanced'],
    [{ title: 'Plain', description: 'A beginner tutorial', nodeCount: 20 }, 'Beginner'],
  ])('%j → %s', (value, expected) => expect(deriveDifficulty(value)).toBe(expected));
});

describe('deriveTags', () => {
  it.each([
    [
      { ...input('Telegram AI agent', 'Uses GPT', ['Telegram', 'OpenAI']), category: 'AI & Automation' },
      ['ai-automation', 'agent', 'openai', 'telegram'],
    ],
    [
      { ...input('Sheets sync', '', ['Google Sheets']), category: 'Data Processing' },
      ['data-processing', 'google', 'google-sheets'],
    ],
    [
      { ...input('Podcast video', '', ['YouTube']), category: 'Content Creation' },
      ['content-creation', 'video', 'podcast', 'youtube'],
    ],
    [{ ...input('Process in parallel'), category: 'Workflows' }, ['workflows', 'parallel']],
  ])('%j', (value, expected) => expect(deriveTags(value)).toEqual(expected));

  it.each([
    [['@n8n/n8n-nodes-langchain.agent'], 'agent'],
    [['n8n-nodes-base.splitInBatches'], 'parallel'],
  ])('node type %j earns %s', (nodeTypes, tag) => {
    expect(deriveTags({ ...input('x'), category: 'Workflows', nodeTypes })).toContain(tag);
  });

  it('never gives more than 8', () => {
    const many = ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H', 'I', 'J'];
    expect(deriveTags({ ...input('x', '', many), category: 'Integrations' })).toHaveLength(MAX_TAGS);
  });

  it('reaches every one of the 15 filter tags', () => {
    const reached = new Set<string>();
    for (const category of CATEGORIES) {
      for (const t of deriveTags({ ...input('x'), category })) reached.add(t);
    }
    const words = 'agent openai telegram google video podcast parallel';
    for (const t of deriveTags({ ...input(words), category: 'Workflows' })) reached.add(t);
    for (const tag of FILTER_TAGS) expect(reached).toContain(tag);
  });
});

describe('slugify', () => {
  it.each([
    ['AI Memory & RAG', 'ai-memory-rag'],
    ['X (Twitter)', 'x-twitter'],
    ['Café crème', 'cafe-creme'],
  ])('%s → %s', (value, expected) => expect(slugify(value)).toBe(expected));
});

describe('deriveCategory: a category named outright', () => {
  it.each([
    [
      'Daily Weather Alert on Telegram',
      'A simple general automation that sends a Telegram warning.',
      ['Telegram'],
      'General Automation',
    ],
    [
      'Invoice approvals',
      'A business process for approving invoices in Slack.',
      ['Slack'],
      'Business Process',
    ],
    [
      'Weekly digest',
      'Content creation: drafts a newsletter from RSS items.',
      ['RSS Feed Read'],
      'Content Creation',
    ],
  ] as const)('%s → %s', (title, description, integrations, category) => {
    expect(deriveCategory({ title, description, integrations: [...integrations] })).toBe(category);
  });
});

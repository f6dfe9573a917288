import type { AutomationDetail } from '#shared/schemas/catalog.ts';
import { card } from './dashboard-fixtures.tsx';

// The member detail the automation page tests render (one copy for every page test).

export const workflowJson = {
  nodes: [{ name: 'Webhook', type: 'n8n-nodes-base.webhook', position: [0, 0], parameters: { path: 'x' } }],
  connections: {},
};

export const detail = (over: Partial<AutomationDetail> = {}): AutomationDetail => ({
  ...card({ summary: 'Routes leads.', tags: ['crm'], rating: 4, ratingCount: 2, runs: 7 }),
  description: 'Routes new CRM leads to the right sales rep.',
  purpose: 'Routes new CRM leads to the right sales rep.',
  purposeSource: 'generated',
  howItWorks: 'A webhook receives the lead.',
  authorNotes: [],
  usage: { deploys: 2, copies: 1, downloads: 4, views: 30 },
  quality: null,
  setupSteps: ['Connect HubSpot'],
  credentials: [],
  triggerType: 'webhook',
  videoUrl: null,
  videoId: null,
  thumbnails: null,
  templateUrl: 'https://n8n.io/workflows/2',
  resourceUrl: 'https://evil.example/x',
  workflowJson,
  config: '{}',
  n8nVerification: null,
  publishBlockers: null,
  ...over,
});

import { describe, expect, it } from 'vitest';
import { operationPhrase } from './node-actions.ts';
import { triggerPhrase } from './trigger-text.ts';

const t = (type: string, parameters: Record<string, unknown> = {}) => ({ name: 'T', type, parameters });

describe('triggerPhrase', () => {
  it.each([
    [
      'schedule: n8n default (every day at midnight)',
      t('n8n-nodes-base.scheduleTrigger', { rule: { interval: [{}] } }),
      'Every day at 00:00',
    ],
    [
      'app event "verb_object" in words',
      t('n8n-nodes-base.invoiceNinjaTrigger', { event: 'create_invoice' }),
      'When an invoice is created in Invoice Ninja',
    ],
    [
      'app events "object.verb", two of them',
      t('n8n-nodes-base.calendlyTrigger', { events: ['invitee.created', 'invitee.canceled'] }),
      'When an invitee is created, or an invitee is cancelled in Calendly',
    ],
    [
      'Shopify names its event as a topic; a plural object reads singular',
      t('n8n-nodes-base.shopifyTrigger', { topic: 'orders/create' }),
      'When an order is created in Shopify',
    ],
    [
      'an event that happens to the thing',
      t('n8n-nodes-base.stripeTrigger', { events: ['payment_intent.succeeded'] }),
      'When a payment intent succeeds in Stripe',
    ],
    [
      'an AWS SNS topic is an ARN, not an event',
      t('n8n-nodes-base.awsSnsTrigger', { topic: 'arn:aws:sns:eu-west-1:1234:alerts' }),
      'When AWS SNS reports an event',
    ],
    [
      'app events all in words',
      t('n8n-nodes-base.someAppTrigger', { events: ['contact.created', 'deal.updated'] }),
      'When a contact is created, or a deal is updated in Some App',
    ],
    [
      'schedule: hour and minute',
      t('n8n-nodes-base.scheduleTrigger', { rule: { interval: [{ triggerAtHour: 9, triggerAtMinute: 5 }] } }),
      'Every day at 09:05',
    ],
    [
      'schedule: every 15 minutes',
      t('n8n-nodes-base.scheduleTrigger', {
        rule: { interval: [{ field: 'minutes', minutesInterval: 15 }] },
      }),
      'Every 15 minutes',
    ],
    [
      'schedule: every hour',
      t('n8n-nodes-base.scheduleTrigger', { rule: { interval: [{ field: 'hours' }] } }),
      'Every hour',
    ],
    [
      'schedule: weekly',
      t('n8n-nodes-base.scheduleTrigger', {
        rule: { interval: [{ field: 'weeks', triggerAtDay: [1, 5], triggerAtHour: 8 }] },
      }),
      'Every week on Monday, Friday at 08:00',
    ],
    [
      'schedule: cron',
      t('n8n-nodes-base.scheduleTrigger', {
        rule: { interval: [{ field: 'cronExpression', expression: '0 9 * * 1' }] },
      }),
      'Every Monday at 09:00',
    ],
    [
      'old cron node: default hour 14',
      t('n8n-nodes-base.cron', { triggerTimes: { item: [{}] } }),
      'Every day at 14:00',
    ],
    [
      'old cron node: every week',
      t('n8n-nodes-base.cron', { triggerTimes: { item: [{ mode: 'everyWeek', hour: 7, weekday: 3 }] } }),
      'Every Wednesday at 07:00',
    ],
    ['interval node', t('n8n-nodes-base.interval', { interval: 10, unit: 'minutes' }), 'Every 10 minutes'],
    ['webhook', t('n8n-nodes-base.webhook', { httpMethod: 'POST' }), 'When a webhook is called (POST)'],
    ['chat', t('@n8n/n8n-nodes-langchain.chatTrigger'), 'When a chat message arrives'],
    [
      'form with a title',
      t('n8n-nodes-base.formTrigger', { formTitle: 'Contact us' }),
      'When the form "Contact us" is submitted',
    ],
    [
      'sheets row added',
      t('n8n-nodes-base.googleSheetsTrigger', { event: 'rowAdded' }),
      'When a new row is added in Google Sheets',
    ],
    [
      // A file leaves n8n's default event (Row Added or Updated) out.
      'sheets without an event',
      t('n8n-nodes-base.googleSheetsTrigger'),
      'When a row is added or updated in Google Sheets',
    ],
    ['gmail', t('n8n-nodes-base.gmailTrigger'), 'When an email arrives in Gmail'],
    [
      'app trigger with events',
      t('n8n-nodes-base.githubTrigger', { events: ['push', 'pull_request'] }),
      'When GitHub reports a "push" or "pull request" event',
    ],
    [
      'app trigger with one event',
      t('n8n-nodes-base.githubTrigger', { events: ['issue_comment'] }),
      'When GitHub reports an "issue comment" event',
    ],
    ['app trigger without events', t('n8n-nodes-base.stripeTrigger'), 'When Stripe reports an event'],
    [
      'an id where the event would be',
      t('n8n-nodes-base.eventbriteTrigger', { event: '114095913950' }),
      'When Eventbrite reports an event',
    ],
    ['manual', t('n8n-nodes-base.manualTrigger'), 'When started by hand'],
  ])('%s', (_label, node, expected) => expect(triggerPhrase(node)).toBe(expected));
});

describe('operationPhrase', () => {
  it.each([
    ['message', 'send', 'sends a message'],
    ['contact', 'getAll', 'gets all contacts'],
    ['sheet', 'appendOrUpdate', 'adds or updates a row'],
    ['presentation', 'getSlides', 'gets slides'],
    ['issue', 'create', 'creates an issue'],
    [undefined, 'sendMessage', 'sends a message'],
    // A verb that needs an object and has none is no phrase ("creates in KlickTipp").
    [undefined, 'create', null],
    ['message', '={{ $json.op }}', null],
    ['message', undefined, null],
  ])('%s / %s → %s', (resource, operation, expected) =>
    expect(operationPhrase(resource, operation)).toBe(expected),
  );
});

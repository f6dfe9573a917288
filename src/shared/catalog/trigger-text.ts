import { cronInWords } from './cron-words.ts';
import { capitalise, withArticle } from './english.ts';
import { humanizeIdentifier, integrationName } from './integrations.ts';
import { shortType, type WorkflowNode } from './workflow-types.ts';

// How a workflow starts, in words, from the trigger node's type and parameters. Defaults follow
// n8n's own node defaults (a schedule rule without fields runs every day at midnight).

type Params = Record<string, unknown>;
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
// Old files save some numbers as text (the Cron node's weekday "6").
const num = (v: unknown, fallback: number) => {
  const n = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) ? n : fallback;
};
const pad = (n: number) => String(n).padStart(2, '0');
const clock = (hour: number, minute: number) => `${pad(hour)}:${pad(minute)}`;
const plural = (n: number, unit: string) => (n === 1 ? `Every ${unit}` : `Every ${n} ${unit}s`);
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** A cron expression in words ("Every weekday at 08:30"), never the raw expression. */
function cronPhrase(expression: string | undefined): string {
  const words = expression ? cronInWords(expression) : null;
  return words ? capitalise(words) : 'On a schedule';
}

/** One rule of the Schedule Trigger (`rule.interval[i]`). */
function scheduleRule(rule: Params): string {
  const field = str(rule.field) ?? 'days';
  const hour = num(rule.triggerAtHour, 0);
  const minute = num(rule.triggerAtMinute, 0);
  switch (field) {
    case 'seconds':
      return plural(num(rule.secondsInterval, 30), 'second');
    case 'minutes':
      return plural(num(rule.minutesInterval, 5), 'minute');
    case 'hours': {
      const every = plural(num(rule.hoursInterval, 1), 'hour');
      return minute ? `${every} at minute ${minute}` : every;
    }
    case 'weeks': {
      const days = Array.isArray(rule.triggerAtDay) ? (rule.triggerAtDay as unknown[]) : [0];
      const names = days.map((d) => WEEKDAYS[num(d, 0)] ?? '').filter(Boolean);
      const weeks = num(rule.weeksInterval, 1);
      const on = names.length ? ` on ${names.join(', ')}` : '';
      return `${weeks === 1 ? 'Every week' : `Every ${weeks} weeks`}${on} at ${clock(hour, minute)}`;
    }
    case 'months': {
      const months = num(rule.monthsInterval, 1);
      const day = num(rule.triggerAtDayOfMonth, 1);
      return `${months === 1 ? 'Every month' : `Every ${months} months`} on day ${day} at ${clock(hour, minute)}`;
    }
    case 'cronExpression':
      return cronPhrase(str(rule.expression));
    default: {
      const days = num(rule.daysInterval, 1);
      return `${days === 1 ? 'Every day' : `Every ${days} days`} at ${clock(hour, minute)}`;
    }
  }
}

/** One time of the older Cron node (`triggerTimes.item[i]`); n8n's default is every day at 14:00. */
function cronItem(item: Params): string {
  const hour = num(item.hour, 14);
  const minute = num(item.minute, 0);
  switch (str(item.mode) ?? 'everyDay') {
    case 'everyMinute':
      return 'Every minute';
    case 'everyHour':
      return minute ? `Every hour at minute ${minute}` : 'Every hour';
    case 'everyWeek':
      return `Every ${WEEKDAYS[num(item.weekday, 1)] ?? 'week'} at ${clock(hour, minute)}`;
    case 'everyMonth':
      return `Every month on day ${num(item.dayOfMonth, 1)} at ${clock(hour, minute)}`;
    case 'everyX':
      return plural(num(item.value, 2), str(item.unit) === 'minutes' ? 'minute' : 'hour');
    case 'custom':
      return cronPhrase(str(item.cronExpression));
    default:
      return `Every day at ${clock(hour, minute)}`;
  }
}

function joinRules(rules: string[]): string {
  const distinct = [...new Set(rules)];
  if (distinct.length === 0) return 'On a schedule';
  return distinct.length === 1 ? distinct[0]! : `${distinct[0]} (and ${distinct.length - 1} more times)`;
}

function schedule(p: Params): string {
  const rule = p.rule as { interval?: unknown } | undefined;
  const list = Array.isArray(rule?.interval) ? (rule.interval as Params[]) : [{}];
  return joinRules(list.map((r) => scheduleRule(r ?? {})));
}

function cron(p: Params): string {
  const items = (p.triggerTimes as { item?: unknown } | undefined)?.item;
  const list = Array.isArray(items) ? (items as Params[]) : [];
  return list.length ? joinRules(list.map((i) => cronItem(i ?? {}))) : 'On a schedule';
}

function interval(p: Params): string {
  const unit = str(p.unit) ?? 'seconds';
  return plural(num(p.interval, 1), unit.replace(/s$/, ''));
}

/** Known app-trigger events, keyed by short type then event value. */
const APP_EVENTS: Record<string, Record<string, string>> = {
  googleSheetsTrigger: {
    rowAdded: 'When a new row is added in Google Sheets',
    rowUpdate: 'When a row is updated in Google Sheets',
    anyUpdate: 'When a row is added or updated in Google Sheets',
  },
  googleDriveTrigger: {
    fileCreated: 'When a file is created in Google Drive',
    fileUpdated: 'When a file is updated in Google Drive',
    folderCreated: 'When a folder is created in Google Drive',
    folderUpdated: 'When a folder is updated in Google Drive',
    watchFolderUpdated: 'When something changes in a Google Drive folder',
  },
  googleCalendarTrigger: {
    eventCreated: 'When an event is created in Google Calendar',
    eventStarted: 'When an event starts in Google Calendar',
    eventUpdated: 'When an event is updated in Google Calendar',
    eventCancelled: 'When an event is cancelled in Google Calendar',
    eventEnded: 'When an event ends in Google Calendar',
  },
};

/**
 * n8n's default event where a trigger has one: a workflow file leaves a parameter at its default out,
 * so a Google Sheets Trigger without `event` watches rows added or updated (its node's default).
 */
const DEFAULT_EVENTS: Record<string, string> = {
  googleSheetsTrigger: 'anyUpdate',
};

/**
 * A workflow with no trigger node (old files): readiness blocks it (nothing starts it in n8n), so its
 * text never says it is "started by hand" — it says what it does once a trigger is added.
 */
export const NO_TRIGGER_TEXT = 'Once a trigger is added';

/** Fixed phrases for trigger types with no event parameter worth reading. */
const FIXED: Record<string, string> = {
  manualTrigger: 'When started by hand',
  start: 'When started by hand',
  chatTrigger: 'When a chat message arrives',
  executeWorkflowTrigger: 'When another workflow calls it',
  errorTrigger: 'When another workflow fails',
  emailReadImap: 'When an email arrives (IMAP)',
  mcpTrigger: 'When an MCP client calls one of its tools',
  gmailTrigger: 'When an email arrives in Gmail',
  microsoftOutlookTrigger: 'When an email arrives in Microsoft Outlook',
  telegramTrigger: 'When a Telegram message arrives',
  whatsAppTrigger: 'When a WhatsApp message arrives',
  rssFeedReadTrigger: 'When a new item appears in an RSS feed',
  typeformTrigger: 'When a Typeform form is submitted',
  jotFormTrigger: 'When a JotForm form is submitted',
  n8nTrigger: 'When the n8n instance or this workflow changes',
  workflowTrigger: 'When the workflow is activated or updated',
  localFileTrigger: 'When a local file changes',
  evaluationTrigger: 'When an evaluation runs',
};

function listEvents(value: unknown): string[] {
  const raw = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return raw.filter((v): v is string => typeof v === 'string' && v !== '*' && !v.startsWith('='));
}

function appTrigger(node: WorkflowNode, p: Params): string {
  const short = shortType(node.type);
  const app = integrationName(node.type) ?? humanizeIdentifier(short.replace(/Trigger$/, ''));
  // Shopify names its event `topic` ("orders/create"); AWS SNS's topic is an ARN, not an event.
  const topic = str(p.topic);
  const event =
    str(p.event) ??
    str(p.triggerOn) ??
    (topic && /^[a-z_]+\/[a-z_]+$/.test(topic) ? topic : undefined) ??
    DEFAULT_EVENTS[short];
  const known = event ? APP_EVENTS[short]?.[event] : undefined;
  if (known) return known;
  // "object" and "action" (Pipedrive and others): "When a deal is updated in Pipedrive".
  const object = str(p.object) ?? str(p.resource);
  const action = str(p.action);
  if (
    object &&
    action &&
    !object.startsWith('=') &&
    /^(added|created|updated|deleted|merged|\*)$/.test(action)
  ) {
    const thing = humanizeIdentifier(object).toLowerCase();
    const verb = action === '*' ? 'changed' : action;
    return `When ${withArticle(thing)} is ${verb} in ${app}`;
  }
  if (FIXED[short]) return FIXED[short];
  // A number is the id of something (Eventbrite's event to watch), not the kind of event.
  const events = [...listEvents(p.events), ...listEvents(p.updates), ...(event ? [event] : [])].filter(
    (e) => !/^\d+$/.test(e),
  );
  if (events.length === 0) return `When ${app} reports an event`;
  const happenings = events.slice(0, 3).map(eventWords);
  if (happenings.every(Boolean)) {
    const more = events.length > 3 ? ` (and ${events.length - 3} more events)` : '';
    return `When ${happenings.join(', or ')} in ${app}${more}`;
  }
  // The app's own event names, quoted: "reports a "star" event", not "reports star".
  const words = events.slice(0, 3).map((e) => `"${humanizeIdentifier(e).toLowerCase()}"`);
  const named = words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1)}` : words[0]!;
  const article = /^"[aeiou]/.test(named) ? 'an' : 'a';
  const more = events.length > 3 ? ` (and ${events.length - 3} more)` : '';
  return `When ${app} reports ${article} ${named} event${more}`;
}

const EVENT_VERBS: Record<string, string> = {
  create: 'created',
  created: 'created',
  new: 'created',
  add: 'added',
  added: 'added',
  update: 'updated',
  updated: 'updated',
  change: 'changed',
  changed: 'changed',
  delete: 'deleted',
  deleted: 'deleted',
  remove: 'removed',
  removed: 'removed',
  complete: 'completed',
  completed: 'completed',
  paid: 'paid',
  sent: 'sent',
  opened: 'opened',
  replied: 'answered',
  bounced: 'bounced',
  cancelled: 'cancelled',
  canceled: 'cancelled',
  fulfilled: 'fulfilled',
  signed: 'signed',
  published: 'published',
  closed: 'closed',
};

/** Events that happen to the thing rather than being done to it: "a payment intent succeeds". */
const EVENT_HAPPENS: Record<string, string> = {
  succeeded: 'succeeds',
  failed: 'fails',
  expired: 'expires',
  started: 'starts',
  ended: 'ends',
  finished: 'finishes',
};

/** "orders" → "order", "entries" → "entry"; words ending in "ss" stay. */
const singular = (word: string) =>
  /ies$/.test(word) ? `${word.slice(0, -3)}y` : /[^s]s$/.test(word) ? word.slice(0, -1) : word;

/** "create_invoice", "invoice.created", "contact.deleted" → "an invoice is created"; null when unsure. */
function eventWords(event: string): string | null {
  const parts = event
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[._:/\s-]+/)
    .filter(Boolean);
  if (parts.length < 2 || parts.length > 4 || parts.some((w) => !/^[a-z]+$/.test(w))) return null;
  const first = EVENT_VERBS[parts[0]!];
  const last = EVENT_VERBS[parts[parts.length - 1]!];
  const [verb, thing] = first ? [first, parts.slice(1)] : last ? [last, parts.slice(0, -1)] : [null, []];
  const happens = !first && !verb ? EVENT_HAPPENS[parts[parts.length - 1]!] : undefined;
  if (happens && parts.length > 1) {
    const what = [...parts.slice(0, -2), singular(parts[parts.length - 2]!)];
    return `${withArticle(what.join(' '))} ${happens}`;
  }
  if (!verb || thing.length === 0) return null;
  const words = [...thing.slice(0, -1), singular(thing[thing.length - 1]!)];
  return `${withArticle(words.join(' '))} is ${verb}`;
}

/** True for node types that start a workflow. */
export function isTriggerNode(node: WorkflowNode): boolean {
  const short = shortType(node.type);
  return (
    short.endsWith('Trigger') ||
    short === 'webhook' ||
    short === 'cron' ||
    short === 'interval' ||
    short === 'start' ||
    short === 'emailReadImap'
  );
}

/** The trigger node in words: "Every day at 09:00", "When a webhook is called (POST)"… */
export function triggerPhrase(node: WorkflowNode): string {
  const short = shortType(node.type);
  const p = (node.parameters ?? {}) as Params;
  if (short === 'scheduleTrigger') return schedule(p);
  if (short === 'cron') return cron(p);
  if (short === 'interval') return interval(p);
  if (short === 'webhook') {
    const method = str(p.httpMethod) ?? 'GET';
    return `When a webhook is called (${method.toUpperCase()})`;
  }
  if (short === 'formTrigger') {
    const title = str(p.formTitle)?.trim();
    return title && !title.startsWith('=')
      ? `When the form "${title}" is submitted`
      : 'When a form is submitted';
  }
  if (FIXED[short] && !APP_EVENTS[short]) return FIXED[short];
  return appTrigger(node, p);
}

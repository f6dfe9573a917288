// The set-up wizard (issue 40 item 5, decision 0026): finds, in a workflow about to be deployed, the
// top-level parameters the member must fill — required by n8n and left empty, holding a placeholder
// (`YOUR_…`, `<…>`, `REPLACE_…`, example ids and emails, `xxx`), or pointing to a resource in the
// author's account (sheet, document, base, table, channel, chat, calendar, folder ids) — and writes the
// member's answers into the workflow. Pure and in-process: part of preflight, no call to n8n.
// n8n's own words and rules come from src/shared/catalog/n8n-node-params.json (gen-n8n-nodes.ts).

import { createRequire } from 'node:module';
import { AppError } from '#server/lib/errors.ts';
import { humanizeIdentifier } from '#shared/catalog/integrations.ts';
import { loadedNode } from '#shared/catalog/n8n-nodes.ts';
import {
  parseSetupValue,
  type SetupFieldKind,
  type SetupFieldView,
  type SetupReason,
  type SetupValueInput,
  setupFieldKey,
} from '#shared/schemas/setup-fields.ts';

type Json = Record<string, unknown>;
type Rule = Record<string, unknown[]>;
// The table's shapes, as scripts/catalog/gen-n8n-nodes.ts writes them into n8n-node-params.json.
export type LocatorMode = {
  name: string;
  displayName: string;
  regex?: string;
  extract?: string;
  placeholder?: string;
};
/** A parameter the set-up wizard may ask for (decision 0026), as n8n describes it. */
export type SetupParam = {
  name: string;
  label: string;
  description?: string;
  /** 'string' when absent. */
  type?: string;
  required?: true;
  default?: unknown;
  placeholder?: string;
  /** The values come from the member's account (n8n loads them: loadOptionsMethod). */
  loadsOptions?: true;
  /** Indexes into the file's `modes` (resource locators share a few). */
  modes?: number[];
  show?: Rule;
  hide?: Rule;
};
/** A parameter other parameters' visibility depends on (resource, operation, …): its default and own rule. */
export type ControlParam = { name: string; default: unknown; show?: Rule; hide?: Rule };
export type ParamSet = { versions: number[]; params: SetupParam[]; controls: ControlParam[] };

type ParamTable = { release: string; modes: LocatorMode[]; nodes: Record<string, ParamSet[]> };

// The table (~1 MB of JSON) is read from its file when a deploy first needs it, not at boot: imported,
// the production build carried it as a string literal in its source and kept both texts and the
// parsed table in every process, whether or not it ever deployed (decision 0011, memory).
const load = createRequire(import.meta.url);
let loaded: ParamTable | undefined;
const paramTable = (): ParamTable => {
  loaded ??= load('#shared/catalog/n8n-node-params.json') as ParamTable;
  return loaded;
};

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isExpression = (v: unknown) => typeof v === 'string' && v.startsWith('=');

/** The parameter set n8n uses for this type version: the one listing it, else the nearest older one. */
function paramSetFor(type: string, typeVersion: number): ParamSet | undefined {
  const table = paramTable();
  let sets = table.nodes[type];
  // n8n makes a `…Tool` variant of every node usable as an AI tool (e.g. slackTool): same parameters.
  if (!sets && type.endsWith('Tool')) sets = table.nodes[type.slice(0, -4)];
  if (!sets?.length) return undefined;
  const exact = sets.find((s) => s.versions.includes(typeVersion));
  if (exact) return exact;
  let best: ParamSet | undefined;
  for (const s of sets) {
    const top = Math.max(...s.versions);
    if (top <= typeVersion && (!best || top > Math.max(...best.versions))) best = s;
  }
  return best ?? sets[0];
}

/** One displayOptions value test, with n8n's `{_cnd: {…}}` conditions. */
function matches(expected: unknown, actual: unknown): boolean {
  if (!isObject(expected) || !isObject(expected._cnd)) return expected === actual;
  const [op, arg] = Object.entries(expected._cnd)[0] ?? [];
  const n = typeof actual === 'number' ? actual : Number.NaN;
  switch (op) {
    case 'eq':
      return actual === arg;
    case 'not':
      return actual !== arg;
    case 'gte':
      return n >= (arg as number);
    case 'lte':
      return n <= (arg as number);
    case 'gt':
      return n > (arg as number);
    case 'lt':
      return n < (arg as number);
    case 'between':
      return isObject(arg) && n >= (arg.from as number) && n <= (arg.to as number);
    case 'startsWith':
      return typeof actual === 'string' && actual.startsWith(String(arg));
    case 'endsWith':
      return typeof actual === 'string' && actual.endsWith(String(arg));
    case 'includes':
      return typeof actual === 'string' && actual.includes(String(arg));
    case 'regex':
      return typeof actual === 'string' && new RegExp(String(arg)).test(actual);
    case 'exists':
      return actual !== undefined && actual !== null && actual !== '';
    default:
      return false;
  }
}

/** n8n's displayOptions: every `show` key matches and no `hide` key does (values: parameters or defaults). */
function makeVisibility(set: ParamSet, parameters: Json, typeVersion: number) {
  const resolving = new Set<string>();
  const paramValue = (key: string): unknown => {
    const name = key.replace(/^\//, '');
    if (name === '@version') return typeVersion;
    if (parameters[name] !== undefined) {
      const v = parameters[name];
      return isObject(v) && v.__rl ? v.value : v;
    }
    if (resolving.has(name)) return undefined;
    resolving.add(name);
    const control = set.controls.find((c) => c.name === name && visible(c));
    resolving.delete(name);
    return control?.default ?? undefined;
  };
  const test = (rule: Rule, key: string) => {
    const actual = paramValue(key);
    const values = Array.isArray(actual) ? actual : [actual];
    return (rule[key] ?? []).some((expected) => values.some((v) => matches(expected, v)));
  };
  function visible(p: { show?: Rule; hide?: Rule }): boolean {
    if (p.show && !Object.keys(p.show).every((k) => test(p.show as Rule, k))) return false;
    if (p.hide && Object.keys(p.hide).some((k) => test(p.hide as Rule, k))) return false;
    return true;
  }
  return visible;
}

// Placeholders authors leave for the reader; tested on short single-line values only (never prose).
const PLACEHOLDERS: RegExp[] = [
  /\bYOUR[_-][A-Z0-9_-]+/, // YOUR_SHEET_ID
  /\byour[_-][a-z0-9_-]+/, // your-sheet-id, your_api_key
  /^(?:your|enter|insert|paste) (?:your |the |a )?[\w -]{0,30}\b(?:id|key|token|address|email|url|name|number|here)$/i,
  /^YOUR [A-Z0-9 _-]{2,40}$/, // YOUR BASE ID
  /\bREPLACE(?:[_ -]?(?:ME|WITH|THIS)\b|_)/, // REPLACE_WITH_ID, REPLACEME
  /\breplace[_-](?:me|with|this)\b/i, // replace-me
  /\bUPDATE[_ ]ME\b/i,
  /^<[A-Za-z][\w .-]*[_ .-][\w .-]*>$/, // <your sheet id>, <channel-id>
  /<(?:YOUR|your)[\w .-]*>/, // …/<YOUR_API_KEY>/…
  /^<[A-Z][A-Z0-9_]{2,}>$/, // <SHEETID>
  /^\[[A-Za-z][A-Za-z0-9 _-]{2,}\]$/, // [SHEET ID], [CENSORED]
  /\[your[_ -][\w -]*\]/i, // …/folders/[your_id]
  /^\{[A-Z][A-Z0-9_]{2,}\}$/, // {SHEET_ID}
  /^x{3,}$/i, // xxx
  /\bx{4,}\b/i, // sk-xxxx, 1234-xxxx-xxxx
  /^(?:1234567890|123456789|0123456789|12345678|1234567|123456|12345|abc123|abcdef|0{5,})$/i,
  /^(?:todo|tbd|changeme|change[_-]me|placeholder|example|sample|test-?id)$/i,
  /@(?:example\.(?:com|org|net)|your-?(?:domain|company|email)\.|(?:domain|company|email|mail)\.com\b)/i,
  /^(?:you|your|name|user|someone|john\.?doe|jane\.?doe|first\.?last|change\.?me)@/i,
];
const looksLikePlaceholder = (value: string, examples: string[]) =>
  value.length <= 200 &&
  !/[\r\n]/.test(value) &&
  (PLACEHOLDERS.some((p) => p.test(value)) || examples.includes(value));

// Parameters that name a resource in someone's account (the list, as n8n names them).
const RESOURCE_PARAM =
  /^(?:sheet|document|spreadsheet|base|table|channel|chat|calendar|folder|drive|database|board|list|page|file)(?:Id|Name|_id)?$|(?:sheet|document|spreadsheet|base|table|channel|chat|calendar|folder|database|board)Id$/i;
// Resource locators that are not the author's account: models, the member's own workflows.
const NOT_ACCOUNT = /model|^workflowId$|^voice|^schema$/i;
/** A resource named (mode "By Name") travels to another account; the first sheet tab (gid 0) too. */
const portable = (raw: unknown) =>
  isObject(raw) && (raw.mode === 'name' || (raw.mode !== 'url' && /^(?:gid=)?0$/.test(String(raw.value))));
/** A value that reads as an id or a handle ("C0123ABCD", "#sales", "-100123"), not as words. */
const ID_LIKE = /^(?=.*[\d#@])[\w#@.:-]{3,}$/;
const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

function kindFor(name: string, current: string | null): SetupFieldKind {
  if (current && EMAIL.test(current.split(',')[0]!.trim())) return 'email';
  if (/(?:^|[a-z])(?:email|sendTo|toEmail|fromEmail)$|^(?:to|cc|bcc)$/i.test(name)) return 'email';
  if (current && /^https?:\/\//i.test(current)) return 'url';
  if (/url$/i.test(name)) return 'url';
  if (RESOURCE_PARAM.test(name)) return 'resource';
  return 'text';
}

type NodeLike = {
  name: string;
  type: string;
  typeVersion?: unknown;
  disabled?: unknown;
  parameters?: unknown;
};

/** The fields one workflow's nodes need filled, in node order. */
export function detectSetupFields(nodes: NodeLike[]): SetupFieldView[] {
  const fields: SetupFieldView[] = [];
  for (const node of nodes) {
    if (node.disabled === true || node.type === 'n8n-nodes-base.stickyNote') continue;
    const parameters = isObject(node.parameters) ? node.parameters : {};
    const typeVersion = typeof node.typeVersion === 'number' ? node.typeVersion : 1;
    const set = paramSetFor(node.type, typeVersion);
    const nodeType =
      loadedNode(node.type)?.displayName.trim() ?? humanizeIdentifier(node.type.split('.').pop() ?? '');
    const asked = new Set<string>();
    const add = (f: Omit<SetupFieldView, 'node' | 'nodeType'>) => {
      if (asked.has(f.param)) return;
      asked.add(f.param);
      fields.push({ node: node.name, nodeType, ...f });
    };
    if (set) {
      const visible = makeVisibility(set, parameters, typeVersion);
      for (const p of set.params) {
        if (asked.has(p.name) || !visible(p)) continue;
        const raw = parameters[p.name];
        const locator = p.type === 'resourceLocator';
        const modes = (p.modes ?? []).map((i) => paramTable().modes[i]).filter((m): m is LocatorMode => !!m);
        const value = locator && isObject(raw) ? raw.value : raw;
        if (isExpression(value)) continue;
        const text =
          typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
        const idMode = modes.find((m) => m.name === 'id');
        const urlMode = modes.find((m) => m.name === 'url');
        // n8n's example ids (e.g. Slack's "C0122KQ70S7E"), copied into a template as they are.
        const examples = [locator ? idMode?.placeholder : p.placeholder].filter(
          (x): x is string => typeof x === 'string' && x.length >= 6 && /\d/.test(x),
        );
        let reason: SetupReason | null = null;
        if (text === '') {
          const fallback = raw === undefined && !locator ? p.default : undefined;
          if (p.required && (fallback === undefined || fallback === '')) reason = 'required-empty';
        } else if (looksLikePlaceholder(text, examples)) reason = 'placeholder';
        else if (
          (locator && !NOT_ACCOUNT.test(p.name) && !portable(raw)) ||
          (!locator &&
            RESOURCE_PARAM.test(p.name) &&
            (p.loadsOptions || /id$/i.test(p.name) || ID_LIKE.test(text)))
        )
          reason = 'author-resource';
        if (!reason) continue;
        const cached =
          locator && isObject(raw) && typeof raw.cachedResultName === 'string' ? raw.cachedResultName : '';
        add({
          param: p.name,
          label: p.label,
          description: p.description ?? null,
          reason,
          kind: locator ? (idMode ? 'resource' : urlMode ? 'url' : 'text') : kindFor(p.name, text || null),
          current: text ? (cached && cached !== text ? `${cached} (${text})` : text) : null,
          example: idMode?.placeholder ?? p.placeholder ?? null,
          idPattern: idMode?.regex ?? null,
          urlPattern: idMode ? (urlMode?.extract ?? null) : null,
          locatorMode: locator
            ? idMode
              ? 'id'
              : urlMode
                ? 'url'
                : (modes.find((m) => m.name !== 'list')?.name ?? 'list')
            : null,
        });
      }
    }
    // Placeholders in other top-level text parameters (those n8n's table does not list for asking).
    for (const [name, value] of Object.entries(parameters)) {
      if (asked.has(name) || typeof value !== 'string' || isExpression(value)) continue;
      if (!looksLikePlaceholder(value.trim(), [])) continue;
      add({
        param: name,
        label: humanizeIdentifier(name),
        description: null,
        reason: 'placeholder',
        kind: kindFor(name, value.trim()),
        current: value.trim(),
        example: null,
        idPattern: null,
        urlPattern: null,
        locatorMode: null,
      });
    }
  }
  return fields;
}

/** Answers that fail their field's format: a 422 with every reason, and nothing is created. */
export class SetupValuesError extends AppError {
  readonly errors: string[];
  constructor(errors: string[]) {
    super('VALIDATION_FAILED', { userMessage: `Check the set-up fields: ${errors.join(' ')}` });
    this.errors = errors;
  }
}

export type SetupFillResult =
  | { ok: true; filled: { node: string; param: string }[] }
  | { ok: false; errors: string[] };

/**
 * Writes the member's answers into the nodes (in place). Only fields detected here are written; every
 * answer is checked against its field's format first, and nothing is written when one fails.
 */
export function fillSetupFields(
  nodes: (NodeLike & { parameters: Json })[],
  fields: SetupFieldView[],
  answers: SetupValueInput[],
): SetupFillResult {
  const byKey = new Map(fields.map((f) => [setupFieldKey(f), f]));
  const errors: string[] = [];
  const writes: { field: SetupFieldView; value: string }[] = [];
  for (const answer of answers) {
    const field = byKey.get(setupFieldKey(answer));
    if (!field) {
      if (answer.value.trim() !== '')
        errors.push(`${answer.node}: “${answer.param}” is not a field this template asks for.`);
      continue;
    }
    const parsed = parseSetupValue(field, answer.value);
    if (!parsed.ok) errors.push(`${field.node}: ${parsed.message}`);
    else if (parsed.value !== null) writes.push({ field, value: parsed.value });
  }
  if (errors.length) return { ok: false, errors };
  for (const { field, value } of writes) {
    const node = nodes.find((n) => n.name === field.node);
    if (!node) continue;
    // A resource locator takes the id in its "By ID" mode; n8n shows it and loads its name again.
    node.parameters = {
      ...node.parameters,
      [field.param]: field.locatorMode ? { __rl: true, value, mode: field.locatorMode } : value,
    };
  }
  return { ok: true, filled: writes.map(({ field }) => ({ node: field.node, param: field.param })) };
}

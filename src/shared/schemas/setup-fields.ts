// The set-up wizard's fields (issue 40 item 5, decision 0026): what a template leaves for the member to fill
// before deploying, and the format check both the form and the server run on each answer.
import { z } from 'zod';

/** Why Flowvault asks: n8n requires it and it is empty, it holds a placeholder, or an id in the author's account. */
export type SetupReason = 'required-empty' | 'placeholder' | 'author-resource';
/** How the answer is checked: an id (or a link it is read from), an email address, a web address, or text. */
export type SetupFieldKind = 'resource' | 'email' | 'url' | 'text';

export type SetupFieldView = {
  /** The node (as deployed) and its top-level parameter. */
  node: string;
  param: string;
  /** n8n's name for the node type ("Google Sheets") and for the parameter ("Document"). */
  nodeType: string;
  label: string;
  /** n8n's description of the parameter (plain text), when it has one. */
  description: string | null;
  reason: SetupReason;
  kind: SetupFieldKind;
  /** What the template holds (the author's id or the placeholder); null when empty. */
  current: string | null;
  /** n8n's example value, when it gives one. */
  example: string | null;
  /** Resource ids: n8n's pattern for the id, and for a link the id is read from (first group). */
  idPattern: string | null;
  urlPattern: string | null;
  /** n8n's resource locator ({__rl, value, mode}): the mode the answer is written in; null for plain values. */
  locatorMode: string | null;
};

/** One answer: the node and parameter, and what the member typed. */
export const SetupValueSchema = z.strictObject({
  node: z.string().min(1).max(300),
  param: z.string().min(1).max(200),
  value: z.string().max(2000),
});
export type SetupValueInput = z.infer<typeof SetupValueSchema>;

export const MAX_SETUP_VALUES = 200;

export const setupFieldKey = (f: { node: string; param: string }) => `${f.node}\u0000${f.param}`;

export const SETUP_REASON_TEXT: Record<SetupReason, string> = {
  'required-empty': 'n8n needs this; the template leaves it empty',
  placeholder: 'the template holds a placeholder',
  'author-resource': 'the template points to the author’s',
};

const anchored = (pattern: string) => {
  try {
    return new RegExp(`^(?:${pattern})$`);
  } catch {
    return null;
  }
};

const emailSchema = z.email();
const urlSchema = z.url({ protocol: /^https?$/ });

/**
 * Checks one answer against its field's format. `value` is what goes into the workflow: for a resource,
 * the id (read from a pasted link where n8n says how); `null` for an empty answer (left for n8n).
 */
export function parseSetupValue(
  field: Pick<SetupFieldView, 'kind' | 'label' | 'idPattern' | 'urlPattern'>,
  raw: string,
): { ok: true; value: string | null } | { ok: false; message: string } {
  const text = raw.trim();
  if (text === '') return { ok: true, value: null };
  if (text.length > 2000) return { ok: false, message: `${field.label}: at most 2000 characters.` };
  if (/[\r\n]/.test(text) && field.kind !== 'text')
    return { ok: false, message: `${field.label}: one line only.` };
  switch (field.kind) {
    case 'resource': {
      if (field.urlPattern && /^https?:\/\//i.test(text)) {
        const match = new RegExp(field.urlPattern).exec(text);
        if (match?.[1]) return { ok: true, value: match[1] };
        return {
          ok: false,
          message: `${field.label}: this link does not point to one; paste its ID instead.`,
        };
      }
      const id = field.idPattern ? anchored(field.idPattern) : null;
      if (id && !id.test(text))
        return {
          ok: false,
          message: `${field.label}: “${text.slice(0, 60)}” is not a valid ID${field.urlPattern ? ' or link' : ''}.`,
        };
      return { ok: true, value: text };
    }
    case 'email': {
      // n8n fields often take a list, and senders a name: "Team <team@shop.com>".
      const parts = text.split(',').map((p) => p.trim());
      const address = (p: string) => /<([^<>]+)>$/.exec(p)?.[1] ?? p;
      const bad = parts.find((p) => !emailSchema.safeParse(address(p)).success);
      if (bad !== undefined)
        return { ok: false, message: `${field.label}: “${bad}” is not an email address.` };
      return { ok: true, value: parts.join(', ') };
    }
    case 'url':
      if (!urlSchema.safeParse(text).success)
        return { ok: false, message: `${field.label}: enter a web address starting with https://.` };
      return { ok: true, value: text };
    default:
      return { ok: true, value: text };
  }
}

// Throwaway credentials for verification (decision 0024): one credential of each type a template
// needs, with dummy values built from the type's own schema (`GET /credentials/schema/{type}`), so
// that n8n 2.x's publish check — which refuses any node without a real credential id — checks
// everything but the secrets. Created once per type per run, deleted at the end.
import type { N8nClient } from '../n8n-client.ts';
import { N8nApiError } from '../n8n-errors.ts';

type Schema = {
  properties?: Record<string, { type?: unknown; enum?: unknown[] }>;
  required?: string[];
  allOf?: Rule[];
};
type Clause = { required?: string[]; not?: { required?: string[] } };
type Rule = {
  if?: {
    required?: string[];
    properties?: Record<string, { enum?: unknown[]; not?: { enum?: unknown[] } }>;
  };
  then?: { oneOf?: Clause[]; allOf?: Clause[] };
  else?: { oneOf?: Clause[]; allOf?: Clause[] };
};

const DUMMY_TEXT = 'flowvault-verification';

const DUMMY_URL = 'https://flowvault-verification.invalid';

function dummyValue(field: string, property: { type?: unknown; enum?: unknown[] } | undefined): unknown {
  if (property?.enum?.length) return property.enum[0];
  switch (property?.type) {
    case 'number':
    case 'integer':
      return 1;
    case 'boolean':
      return false;
    default:
      // n8n checks some URLs when it saves (an OAuth server URL must be a URL).
      return /url$/i.test(field) ? DUMMY_URL : DUMMY_TEXT;
  }
}

/** Whether the rule's `if` holds for data (n8n writes `{properties: {field: {enum: [v]}}}`). */
function ruleHolds(rule: Rule, data: Record<string, unknown>): boolean {
  // n8n 2.x adds `required: [field]` to the condition: an absent field then does not satisfy it.
  if ((rule.if?.required ?? []).some((field) => !(field in data))) return false;
  for (const [field, condition] of Object.entries(rule.if?.properties ?? {})) {
    if (!(field in data)) continue; // JSON Schema: an absent property satisfies `properties`
    const value = data[field];
    if (condition.enum && !condition.enum.includes(value)) return false;
    if (condition.not?.enum?.includes(value)) return false;
  }
  return true;
}

/**
 * Values that satisfy the schema n8n validates a new credential against: every required field, and
 * for each conditional rule (n8n's displayOptions) the fields its branch requires — `oneOf` means
 * exactly one of them — while fields a branch forbids stay out. Repeated until nothing changes,
 * because a value set for one rule can switch another.
 */
export function dummyCredentialData(raw: unknown): Record<string, unknown> {
  const schema = (raw ?? {}) as Schema;
  const properties = schema.properties ?? {};
  const data: Record<string, unknown> = {};
  for (const field of schema.required ?? []) data[field] = dummyValue(field, properties[field]);
  for (let round = 0; round < 10; round++) {
    const before = JSON.stringify(data);
    for (const rule of schema.allOf ?? []) {
      const branch = ruleHolds(rule, data) ? rule.then : rule.else;
      const oneOf = branch?.oneOf ?? [];
      if (oneOf.length) {
        const present = oneOf.filter((c) => (c.required ?? []).every((f) => f in data));
        // Exactly one: keep the first that is present (or add the first), drop the others.
        const keep = present[0] ?? oneOf[0]!;
        for (const clause of oneOf)
          for (const f of clause.required ?? []) {
            if (clause === keep) data[f] ??= dummyValue(f, properties[f]);
            else if (!(keep.required ?? []).includes(f)) delete data[f];
          }
      }
      for (const clause of branch?.allOf ?? []) {
        for (const f of clause.required ?? []) data[f] ??= dummyValue(f, properties[f]);
        for (const f of clause.not?.required ?? []) delete data[f];
      }
    }
    if (JSON.stringify(data) === before) break;
  }
  return data;
}

export type CredentialPoolSummary = { created: number; failed: { type: string; reason: string }[] };

export type CredentialPool = {
  /** The throwaway credential of this type, created on first use; null when n8n refused it. */
  ensure(type: string): Promise<{ id: string; name: string } | null>;
  summary(): CredentialPoolSummary;
  /** Deletes every credential the pool created. */
  removeAll(): Promise<void>;
};

const reasonOf = (error: unknown) =>
  error instanceof N8nApiError
    ? error.kind === 'http'
      ? `${error.status} ${error.body}`.slice(0, 300)
      : error.message
    : String(error);

export function createCredentialPool(client: N8nClient): CredentialPool {
  const byType = new Map<string, Promise<{ id: string; name: string } | null>>();
  const created: { id: string; name: string }[] = [];
  const failed: { type: string; reason: string }[] = [];
  const make = async (type: string) => {
    try {
      const schema = await client.getCredentialSchema(type);
      const credential = await client.createCredential({
        name: `Flowvault verification (${type})`,
        type,
        data: dummyCredentialData(schema),
      });
      created.push(credential);
      return { id: credential.id, name: credential.name };
    } catch (error) {
      if (!(error instanceof N8nApiError)) throw error;
      failed.push({ type, reason: reasonOf(error) });
      return null;
    }
  };
  return {
    ensure(type) {
      let pending = byType.get(type);
      if (!pending) {
        pending = make(type);
        byType.set(type, pending);
      }
      return pending;
    },
    summary: () => ({ created: created.length, failed: [...failed] }),
    async removeAll() {
      for (const c of created.splice(0)) await client.deleteCredential(c.id).catch(() => undefined);
      byType.clear();
    },
  };
}

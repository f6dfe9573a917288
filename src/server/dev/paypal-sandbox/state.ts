// The sandbox's state: orders, captures, tokens, answers to PayPal-Request-Id, its credentials and
// test faults. In local mode (`npm start` without PayPal credentials) it lives in the database
// (paypal_sandbox_records), so a process killed between approval and capture loses no order and every
// process on one database shares one sandbox (issue 20). Tests that run the sandbox on its own port,
// as a stand-in for PayPal's servers, may keep it in memory.
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { paypalSandboxRecords } from '#server/db/schema/billing.ts';

export type SandboxFaults = {
  /** Next N create-order calls answer 500. */
  createFailures?: number;
  /** Next N capture calls answer 500 without capturing. */
  captureFailures?: number;
  /** Next N capture calls capture the order, then answer 500 (the outcome is unknown to the caller). */
  captureFailuresAfterCapture?: number;
  /** Capture answers only after this many milliseconds (to exceed the client's timeout). */
  captureDelayMs?: number;
  /** Captures come out PENDING until `completePendingCapture`. */
  pendingCaptures?: boolean;
  /** Webhooks are not delivered at all. */
  loseWebhooks?: boolean;
  /** The next N GET /v2/payments/captures/:id answer 500. */
  getCaptureFailures?: number;
};

export type Money = { currency_code: string; value: string };
export type Capture = {
  id: string;
  status: 'COMPLETED' | 'PENDING' | 'DECLINED' | 'REFUNDED';
  amount: Money;
  custom_id?: string;
  orderId: string;
  status_details?: { reason: string };
};
export type Order = {
  id: string;
  status: 'PAYER_ACTION_REQUIRED' | 'APPROVED' | 'COMPLETED';
  amount: Money;
  customId?: string;
  description?: string;
  returnUrl: string;
  cancelUrl: string;
  payerId?: string;
  declineOnCapture: boolean;
  captureId?: string;
  createdAt: string;
};
/** Credentials and signing key shared by every process using one database's sandbox. */
export type SandboxConfig = { clientId: string; clientSecret: string; webhookId: string; signingKey: string };

type Records = {
  order: Order;
  capture: Capture;
  token: { issuedAt: string };
  request: { status: number; body: unknown };
  config: SandboxConfig;
  faults: SandboxFaults;
};
export type Kind = keyof Records;

export type SandboxStore = {
  get<K extends Kind>(kind: K, id: string): Promise<Records[K] | undefined>;
  put<K extends Kind>(kind: K, id: string, value: Records[K]): Promise<void>;
  /** Stores `value` unless a record exists; answers the stored one (the first writer wins). */
  putIfAbsent<K extends Kind>(kind: K, id: string, value: Records[K]): Promise<Records[K]>;
  /**
   * Changes a record atomically (across processes): `change` gets the current value and returns the
   * new one, or undefined to leave it. Answers the value written, or undefined when nothing was.
   */
  update<K extends Kind>(
    kind: K,
    id: string,
    change: (current: Records[K]) => Records[K] | undefined,
  ): Promise<Records[K] | undefined>;
};

export function memorySandboxStore(): SandboxStore {
  const records = new Map<string, unknown>();
  const key = (kind: string, id: string) => `${kind}\u0000${id}`;
  const copy = <T>(v: T): T => (v === undefined ? v : structuredClone(v));
  return {
    get: async (kind, id) => copy(records.get(key(kind, id)) as never),
    put: async (kind, id, value) => void records.set(key(kind, id), copy(value)),
    async putIfAbsent(kind, id, value) {
      if (!records.has(key(kind, id))) records.set(key(kind, id), copy(value));
      return copy(records.get(key(kind, id)) as never);
    },
    async update(kind, id, change) {
      const current = records.get(key(kind, id));
      if (current === undefined) return undefined;
      const next = change(copy(current) as never);
      if (next !== undefined) records.set(key(kind, id), copy(next));
      return copy(next);
    },
  };
}

/** An id no record can have (PostgreSQL text holds no NUL): looked up, it is simply not found. */
const unstorable = (id: string) => id.includes('\u0000');

export function databaseSandboxStore(db: Database): SandboxStore {
  const t = paypalSandboxRecords;
  const where = (kind: string, id: string) => and(eq(t.kind, kind), eq(t.id, id));
  return {
    async get(kind, id) {
      if (unstorable(id)) return undefined;
      const [row] = await db.select({ data: t.data }).from(t).where(where(kind, id));
      return row?.data as never;
    },
    async put(kind, id, value) {
      await db
        .insert(t)
        .values({ kind, id, data: value })
        .onConflictDoUpdate({ target: [t.kind, t.id], set: { data: value } });
    },
    async putIfAbsent(kind, id, value) {
      await db.insert(t).values({ kind, id, data: value }).onConflictDoNothing();
      const [row] = await db.select({ data: t.data }).from(t).where(where(kind, id));
      return row!.data as never;
    },
    update: async (kind, id, change) =>
      unstorable(id)
        ? undefined
        : db.transaction(async (tx) => {
            // The row lock makes two processes capturing one order take turns.
            const [row] = await tx.select({ data: t.data }).from(t).where(where(kind, id)).for('update');
            if (!row) return undefined;
            const next = change(row.data as never);
            if (next !== undefined) await tx.update(t).set({ data: next }).where(where(kind, id));
            return next;
          }),
  };
}

/** New credentials, for a store that has none yet. */
export function newSandboxConfig(): SandboxConfig {
  return {
    clientId: `local-${randomBytes(8).toString('hex')}`,
    clientSecret: randomBytes(24).toString('base64url'),
    webhookId: `WH-LOCAL-${randomBytes(6).toString('hex')}`,
    signingKey: randomBytes(32).toString('base64'),
  };
}

const ID_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
export function paypalId(length = 17): string {
  const bytes = randomBytes(length);
  return Array.from(bytes, (b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

export function sandboxError(status: number, name: string, issue: string, description: string) {
  return {
    status,
    body: {
      name,
      message: description,
      debug_id: paypalId(13).toLowerCase(),
      details: [{ issue, description }],
    },
  };
}

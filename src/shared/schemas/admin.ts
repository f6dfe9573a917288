import { z } from 'zod';
import { CATEGORIES } from '#shared/catalog/constants.ts';

/** A PayPal payment that has not completed, as the recovery tool lists it (spec part 2 §3). */
export type PendingPayment = {
  id: string;
  userId: string | null;
  email: string;
  /** The provider order id. */
  transactionId: string | null;
  amount: string;
  currency: string;
  status: string;
  failureReason: string | null;
  createdAt: string;
};

/** POST /api/admin/payments/:id/process. `success` follows the §5 capture-success rule. */
export type ProcessPaymentResult = {
  success: boolean;
  email: string;
  outcome: string;
  error?: string;
};

export type HealthStatus = 'healthy' | 'warning' | 'error';

export type PaymentHealth = {
  healthCheck: {
    status: HealthStatus;
    paypalIntegration: {
      status: HealthStatus;
      mode: string | null;
      pendingPayments: number;
      failedPayments: number;
      lastSuccessfulPayment: string | null;
    };
    databaseHealth: {
      status: HealthStatus;
      unpaidUsers: number;
      activeSubscriptions: number;
      /** Profiles whose paid flag disagrees with their payments (what fix-all repairs). */
      inconsistentProfiles: number;
    };
    timestamp: string;
  };
  recommendations: string[];
};

export type RecoveryItemStatus = 'recovered' | 'error' | 'pending' | 'other';

export type RecoveryResult = {
  success: boolean;
  message: string;
  recoveredCount: number;
  totalChecked: number;
  results: {
    transactionId: string;
    message: string;
    status: RecoveryItemStatus;
    amount: { currency_code: string; value: string };
  }[];
};

export type FixAllResult = {
  success: boolean;
  error?: string;
  results: {
    pendingPayments: number;
    recoveredPayments: number;
    userDataFixed: number;
    errors: string[];
  };
};

export type AdminUser = {
  id: string;
  email: string;
  name: string;
  role: string;
  emailVerified: boolean;
  banned: boolean;
  hasPaid: boolean;
  subscriptionStatus: string | null;
  createdAt: string;
  activeSessions: number;
};

export type AuditEntry = {
  id: string;
  actorEmail: string;
  action: string;
  target: string | null;
  /** The target's email when the target is a user (ids alone tell an operator nothing). */
  targetEmail: string | null;
  reason: string | null;
  detail: unknown;
  createdAt: string;
};

export const UserSearchSchema = z.object({
  q: z.string().trim().max(200).optional(),
});

export const RoleChangeSchema = z.object({ role: z.enum(['user', 'admin']) });

export const AccessChangeSchema = z.object({
  action: z.enum(['grant', 'revoke']),
  reason: z.string().trim().min(3, 'A reason is required (at least 3 characters).').max(500),
});

export const AuditQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
  /** Matches the action, target, reason or operator email. */
  q: z.string().trim().max(200).optional(),
});

export type AuditPage = { entries: AuditEntry[]; page: number; pageSize: number; total: number };

/** The importer's F2 summary, as the console shows it. */
export type ImportSummary = {
  filesHandled: number;
  imported: number;
  updated: number;
  unchanged: number;
  skipped: { path: string; reason: string }[];
  /** Imported items with quality flags (absent in summaries stored before decision 0012). */
  flagged?: { path: string; id: string; flags: string[] }[];
  templateOnly: number;
  total: number;
  durationMs: number;
};

export type CatalogImportStatus = 'queued' | 'running' | 'done' | 'failed';

export type CatalogImport = {
  id: string;
  actorEmail: string;
  fileName: string;
  status: CatalogImportStatus;
  done: number;
  total: number;
  summary: ImportSummary | null;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
};

export const AdminCatalogQuerySchema = z.object({
  q: z.string().trim().max(200).optional(),
  status: z.enum(['all', 'published', 'unpublished', 'not-deployable']).optional().default('all'),
  page: z.coerce.number().int().min(1).max(100_000).optional().default(1),
});

export type AdminCatalogItem = {
  id: string;
  title: string;
  description: string;
  category: string;
  tags: string[];
  videoUrl: string | null;
  source: string;
  published: boolean;
  deployable: boolean;
  /** Why a deploy is refused, when it is. */
  notDeployableReason: string | null;
  /** Connections name missing nodes (decision 0012); the operator may override. */
  incompleteWiring: boolean;
  deployOverride: boolean;
  nodeCount: number;
  updatedAt: string;
};

export type AdminCatalogPage = { items: AdminCatalogItem[]; page: number; pageSize: number; total: number };

export const CatalogEditSchema = z.object({
  title: z.string().trim().min(1, 'A title is required.').max(300).optional(),
  description: z.string().trim().max(20_000).optional(),
  category: z.enum(CATEGORIES, 'Choose one of the catalogue categories.').optional(),
  tags: z.array(z.string().trim().min(1).max(60)).max(30).optional(),
  videoUrl: z
    .union([z.url('Enter a full video link (https://…).').max(500), z.literal('')])
    .optional()
    .transform((v) => (v === '' ? null : v)),
});

export const PublishSchema = z.object({ published: z.boolean() });
/** Allow deploying an item flagged "incomplete wiring" (or withdraw that). */
export const DeployOverrideSchema = z.object({ override: z.boolean() });

const Reason = z.string().trim().min(3, 'A reason is required (at least 3 characters).').max(500);

export const BanSchema = z.object({ banned: z.boolean(), reason: Reason });

export const RefundSchema = z.object({ reason: Reason });

/**
 * Orders the operator may close as abandoned: the buyer never approved one, PayPal declined the card
 * and the buyer did not choose another, or it failed. Never one PayPal may still complete ('approved',
 * 'pending'): that is money on its way. A buyer who comes back later still gets access (settleOrder
 * reads the order at PayPal whatever our status).
 */
export const ABANDONABLE_STATUSES: readonly string[] = ['created', 'declined', 'failed', 'review'];

/** POST /api/admin/payments/:id/abandon: the operator closes an order the buyer never finished. */
export const AbandonSchema = z.object({ reason: Reason });
export type AbandonResult = { id: string; status: 'abandoned'; previousStatus: string };

/** A user's payment as the operator's user tools list it. */
export type AdminPayment = {
  id: string;
  email: string;
  planId: string;
  amount: string;
  currency: string;
  status: string;
  providerOrderId: string | null;
  captureId: string | null;
  createdAt: string;
};

export type RefundResult = { success: true; refundId: string; refundStatus: string; accessRevoked: boolean };

export type InboxMessage = {
  id: string;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  handledAt: string | null;
};

export type OutboxMail = {
  id: string;
  kind: string;
  to: string;
  subject: string;
  status: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

export const InboxQuerySchema = z.object({
  status: z.enum(['open', 'handled', 'all']).optional().default('open'),
});
export const HandledSchema = z.object({ handled: z.boolean() });
export const ReplySchema = z.object({
  body: z.string().trim().min(1, 'Write a reply.').max(10_000),
});
export const OutboxQuerySchema = z.object({
  status: z.enum(['pending', 'sending', 'sent', 'failed']).optional(),
});

export type SignInEvent = {
  id: string;
  success: boolean;
  reason: string | null;
  userAgent: string | null;
  createdAt: string;
};

export const TestLoginSchema = z.object({ password: z.string().min(1, 'Enter your password.').max(200) });

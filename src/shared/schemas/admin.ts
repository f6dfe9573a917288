import { z } from 'zod';

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

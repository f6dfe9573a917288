import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';

/**
 * A member's private templates host for their own n8n (N8N_TEMPLATES_HOST, decision 0026): one per
 * member. Only the SHA-256 of the token is kept; the token itself is shown once, when made.
 * Member data: deleted with the account (DESIGN.md §5), which ends the token at once.
 */
export const templatesHostTokens = pgTable('templates_host_tokens', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  /** base64url SHA-256 of the token. */
  tokenHash: text('token_hash').notNull().unique(),
  /** The n8n origin the editor runs on (scheme://host[:port]); CORS answers only it. */
  allowedOrigin: text('allowed_origin').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  rotatedAt: timestamp('rotated_at', { withTimezone: true }).notNull().defaultNow(),
});

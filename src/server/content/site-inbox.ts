import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { contactMessages, newsletterSubscribers } from '#server/db/schema/site.ts';
import { AppError } from '#server/lib/errors.ts';
import {
  CONTACT_LIMIT_PER_HOUR,
  type ContactMessageInput,
  NEWSLETTER_CONFIRMATIONS_PER_DAY,
  NEWSLETTER_LIMIT_PER_HOUR,
} from '#shared/schemas/site.ts';

const HOUR = 60 * 60 * 1000;
export const NEWSLETTER_CONFIRM_KIND = 'newsletter-confirm';
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');
const newToken = () => randomBytes(24).toString('base64url');

type Deps = { db: Database; now?: () => Date };

/** Stores a contact message. A filled honeypot is accepted silently and dropped. */
export async function submitContactMessage(
  deps: Deps,
  input: ContactMessageInput & { sender: string },
): Promise<{ stored: boolean }> {
  if (input.website) return { stored: false };
  const now = deps.now?.() ?? new Date();
  const senderHash = sha256(input.sender);
  return deps.db.transaction(async (tx) => {
    await lockSender(tx, `contact:${senderHash}`);
    const [recent] = await tx
      .select({ n: count() })
      .from(contactMessages)
      .where(
        and(
          eq(contactMessages.senderHash, senderHash),
          gt(contactMessages.createdAt, new Date(now.getTime() - HOUR)),
        ),
      );
    if ((recent?.n ?? 0) >= CONTACT_LIMIT_PER_HOUR) {
      throw new AppError('RATE_LIMITED', {
        userMessage: 'You have sent several messages in a short time. Please try again in an hour.',
      });
    }
    await tx.insert(contactMessages).values({
      name: input.name,
      email: input.email.toLowerCase(),
      message: input.message,
      senderHash,
      createdAt: now,
    });
    return { stored: true };
  });
}

type Tokens = { confirmToken: string; unsubscribeToken: string };

/**
 * Starts (or restarts) a double opt-in and queues its confirmation mail (`mail`, in the same
 * transaction). Returns the tokens, or null when nothing is sent: the address is already confirmed, or
 * it has had NEWSLETTER_CONFIRMATIONS_PER_DAY confirmation mails today (its pending link stays valid).
 * The answer to the visitor is the same either way, so it tells nothing about the address.
 */
export async function subscribeNewsletter(
  deps: Deps,
  input: { email: string; sender: string; mail?: (tx: Tx, tokens: Tokens) => Promise<unknown> },
): Promise<Tokens | null> {
  const now = deps.now?.() ?? new Date();
  const email = input.email.trim().toLowerCase();
  const senderHash = sha256(input.sender);
  return deps.db.transaction(async (tx) => {
    // Per sender, then per target address (always in this order, so two requests never wait on each other).
    await lockSender(tx, `newsletter:${senderHash}`);
    await lockSender(tx, `newsletter-to:${sha256(email)}`);
    const [recent] = await tx
      .select({ n: count() })
      .from(newsletterSubscribers)
      .where(
        and(
          eq(newsletterSubscribers.senderHash, senderHash),
          gt(newsletterSubscribers.createdAt, new Date(now.getTime() - HOUR)),
        ),
      );
    if ((recent?.n ?? 0) >= NEWSLETTER_LIMIT_PER_HOUR) {
      throw new AppError('RATE_LIMITED', {
        userMessage: 'Too many sign-ups from here. Please try again in an hour.',
      });
    }
    const [existing] = await tx
      .select()
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, email));
    if (existing?.status === 'confirmed') return null;
    const [mailed] = await tx
      .select({ n: count() })
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.to, email),
          eq(mailOutbox.kind, NEWSLETTER_CONFIRM_KIND),
          gt(mailOutbox.createdAt, new Date(now.getTime() - 24 * HOUR)),
        ),
      );
    if (existing && (mailed?.n ?? 0) >= NEWSLETTER_CONFIRMATIONS_PER_DAY) return null;
    const confirmToken = newToken();
    const unsubscribeToken = newToken();
    const values = {
      status: 'pending' as const,
      confirmTokenHash: sha256(confirmToken),
      unsubscribeTokenHash: sha256(unsubscribeToken),
    };
    if (existing) {
      await tx.update(newsletterSubscribers).set(values).where(eq(newsletterSubscribers.id, existing.id));
    } else {
      await tx.insert(newsletterSubscribers).values({ email, senderHash, createdAt: now, ...values });
    }
    await input.mail?.(tx, { confirmToken, unsubscribeToken });
    return { confirmToken, unsubscribeToken };
  });
}

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Serialises the limit check and the insert per sender (a transaction-scoped advisory lock), so
 * parallel requests cannot all pass the count before any of them is inserted.
 */
async function lockSender(tx: Tx, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

const INVALID_LINK = 'This link is invalid or has already been used.';

/**
 * The confirm link. Its token stays valid once used, so a second click answers 'already-confirmed'
 * instead of "invalid" (issue 43); unsubscribing clears it, so an old link never subscribes again.
 */
export async function confirmNewsletter(
  deps: Deps,
  token: string,
): Promise<'confirmed' | 'already-confirmed'> {
  const now = deps.now?.() ?? new Date();
  const rows = await deps.db
    .update(newsletterSubscribers)
    .set({ status: 'confirmed', confirmedAt: now })
    .where(
      and(
        eq(newsletterSubscribers.confirmTokenHash, sha256(token)),
        eq(newsletterSubscribers.status, 'pending'),
      ),
    )
    .returning({ id: newsletterSubscribers.id });
  if (rows.length > 0) return 'confirmed';
  const [known] = await deps.db
    .select({ status: newsletterSubscribers.status })
    .from(newsletterSubscribers)
    .where(eq(newsletterSubscribers.confirmTokenHash, sha256(token)));
  if (known?.status === 'confirmed') return 'already-confirmed';
  throw new AppError('NOT_FOUND', { userMessage: INVALID_LINK });
}

export async function unsubscribeNewsletter(deps: Deps, token: string): Promise<void> {
  const now = deps.now?.() ?? new Date();
  const rows = await deps.db
    .update(newsletterSubscribers)
    .set({ status: 'unsubscribed', unsubscribedAt: now, confirmTokenHash: null })
    .where(eq(newsletterSubscribers.unsubscribeTokenHash, sha256(token)))
    .returning({ id: newsletterSubscribers.id });
  if (rows.length === 0) throw new AppError('NOT_FOUND', { userMessage: INVALID_LINK });
}

import { z } from 'zod';

/** POST /api/contact. `website` is the honeypot: people leave it empty. */
export const ContactMessageInputSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter your name.')
    .max(100, 'Your name is too long (100 characters at most).'),
  email: z.email('Please enter a valid email address.').max(254),
  message: z
    .string()
    .trim()
    .min(1, 'Please enter a message.')
    .max(5000, 'Your message is too long (5,000 characters at most).'),
  website: z.string().max(500).optional(),
});
export type ContactMessageInput = z.infer<typeof ContactMessageInputSchema>;

/** POST /api/newsletter/subscribe */
export const NewsletterSubscribeSchema = z.object({
  email: z.email('Please enter a valid email address.').max(254),
});

/** POST /api/newsletter/confirm and /api/newsletter/unsubscribe (the token from the mail link). */
export const NewsletterTokenSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid.'),
});

/** Per sender and hour (spec: the contact form is rate limited). */
export const CONTACT_LIMIT_PER_HOUR = 5;
export const NEWSLETTER_LIMIT_PER_HOUR = 10;
/** Confirmation mails one address gets in a day, whoever asks (issue 41: 30 requests queued 30 mails). */
export const NEWSLETTER_CONFIRMATIONS_PER_DAY = 3;

import type Nodemailer from 'nodemailer';
import { onFirstUse } from '#server/lib/on-first-use.ts';

// Loaded with the first mail, not at boot: its ~40 modules held ~1 MB of source and compiled code in
// every process, which most of the time sends nothing (decision 0011, memory).
const nodemailer = onFirstUse<typeof Nodemailer>('nodemailer');

/** What the delivery job needs from a mail transport (nodemailer's shape). */
export type MailTransport = {
  sendMail(message: {
    from: string;
    to: string;
    replyTo?: string;
    subject: string;
    html: string;
    text: string;
  }): Promise<unknown>;
  close?(): void;
};

/** nodemailer over SMTP_URL (smtp:// or smtps://); undefined without it (mail stays in the outbox). */
export function createMailTransport(smtpUrl: string | undefined): MailTransport | undefined {
  if (!smtpUrl) return undefined;
  let transport: MailTransport | undefined;
  const open = () =>
    (transport ??= nodemailer().createTransport({
      url: smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    }) as unknown as MailTransport);
  return {
    sendMail: (message) => open().sendMail(message),
    close: () => transport?.close?.(),
  };
}

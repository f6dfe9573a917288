import nodemailer from 'nodemailer';

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
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  }) as unknown as MailTransport;
}

// HTML + plain-text templates. Each returns the three parts a message needs; links are absolute.
// Later features add theirs here (receipt, contact, newsletter) with the same `layout`.

import { escapeHtml } from '#server/lib/escape-html.ts';

export type MailContent = { subject: string; html: string; text: string };

const PRODUCT = 'Flowvault';

type Layout = {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  footer?: string;
};

/** One accessible, table-free layout that reads well in clients without CSS, plus its text twin. */
export function layout({ subject, heading, paragraphs, action, footer }: Layout): MailContent {
  const body = paragraphs
    .map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`)
    .join('\n');
  const button = action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#4f46e5;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(action.url)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(action.url)}</a></p>`
    : '';
  const foot = footer
    ? `<p style="margin:24px 0 0;font-size:13px;color:#64748b">${escapeHtml(footer)}</p>`
    : '';
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a">
<main style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<p style="margin:0 0 24px;font-weight:700;font-size:18px">${PRODUCT}</p>
<h1 style="margin:0 0 16px;font-size:22px">${escapeHtml(heading)}</h1>
${body}
${button}
${foot}
</main></body></html>`;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}: ${action.url}`, ''] : []),
    ...(footer ? [footer, ''] : []),
    `— ${PRODUCT}`,
  ].join('\n');
  return { subject, html, text };
}

export function verificationEmail({ url }: { url: string }): MailContent {
  return layout({
    subject: `Confirm your email for ${PRODUCT}`,
    heading: 'Confirm your email',
    paragraphs: [
      `Thanks for creating a ${PRODUCT} account. Confirm your email address to sign in.`,
      'The link works for one hour.',
    ],
    action: { label: 'Confirm email', url },
    footer: 'If you did not create this account, you can ignore this email.',
  });
}

export function resetPasswordEmail({ url }: { url: string }): MailContent {
  return layout({
    subject: `Reset your ${PRODUCT} password`,
    heading: 'Reset your password',
    paragraphs: [
      'Someone asked to reset the password of your account. Choose a new password with the link below.',
      'The link works for one hour and only once.',
    ],
    action: { label: 'Choose a new password', url },
    footer: 'If you did not ask for this, you can ignore this email: your password stays the same.',
  });
}

/** A new operator's first mail: the account exists, and the link chooses its first password. */
export function operatorInviteEmail({ url }: { url: string }): MailContent {
  return layout({
    subject: `Your ${PRODUCT} operator account`,
    heading: 'An operator account was created for you',
    paragraphs: [
      `An operator account of ${PRODUCT} was created for this email address. Choose your password with the link below, then sign in to the operator console.`,
      'The link works for one hour and only once. After that, use the password reset option on the sign-in page.',
    ],
    action: { label: 'Choose your password', url },
    footer:
      'If you did not expect this, ignore this email: nobody can sign in to the account without a password.',
  });
}

/** Sent instead of a second account when someone registers with an email that already has one. */
export function accountExistsEmail({ signInUrl }: { signInUrl: string }): MailContent {
  return layout({
    subject: `You already have a ${PRODUCT} account`,
    heading: 'You already have an account',
    paragraphs: [
      'Someone tried to create an account with this email address, which is already registered.',
      'If it was you, sign in instead. Forgot your password? Use the password reset option on the sign-in page.',
    ],
    action: { label: 'Sign in', url: signInUrl },
    footer: 'If it was not you, you can ignore this email: nothing has changed.',
  });
}

export function receiptEmail(input: {
  amount: string;
  currency: string;
  date: string;
  orderId: string;
  dashboardUrl: string;
  supportEmail: string;
}): MailContent {
  return layout({
    subject: 'Your Flowvault receipt: Lifetime Access',
    heading: 'Thank you: your lifetime access is active',
    paragraphs: [
      `We received your payment of ${input.amount} ${input.currency} on ${input.date}.`,
      `PayPal order: ${input.orderId}. Keep it for your records; support will ask for it.`,
      'Lifetime Access is a one-time payment: there is nothing more to pay and nothing renews.',
      `Questions or a problem? Reply to this email or write to ${input.supportEmail}. You can ask for a refund within 30 days of the payment.`,
    ],
    action: { label: 'Open your dashboard', url: input.dashboardUrl },
  });
}

export function accessRevokedEmail(input: {
  reason: 'refunded' | 'reversed';
  orderId: string;
  supportEmail: string;
}): MailContent {
  return layout({
    subject: input.reason === 'refunded' ? 'Your Flowvault refund' : 'Your Flowvault payment was reversed',
    heading: input.reason === 'refunded' ? 'Your payment was refunded' : 'Your payment was reversed',
    paragraphs: [
      input.reason === 'refunded'
        ? `The payment for PayPal order ${input.orderId} was refunded. PayPal returns the money to the account you paid with.`
        : `PayPal reversed the payment for order ${input.orderId}.`,
      'Lifetime access has been removed from your account. Your saved collections and settings are kept.',
      `If this is unexpected, write to ${input.supportEmail}.`,
    ],
  });
}

/** A contact-form message, sent to the support mailbox (reply goes to the sender). */
export function contactMessageEmail(input: { name: string; email: string; message: string }): MailContent {
  return layout({
    subject: `Contact form: ${input.name}`,
    heading: 'New message from the contact form',
    paragraphs: [`From: ${input.name} <${input.email}>`, input.message],
    footer: 'Reply to the sender directly; this message is also kept in the operator inbox.',
  });
}

export function newsletterConfirmEmail(input: { confirmUrl: string; unsubscribeUrl: string }): MailContent {
  return layout({
    subject: 'Confirm your Flowvault newsletter subscription',
    heading: 'One click to confirm',
    paragraphs: [
      'You (or someone using your address) asked to receive the Flowvault newsletter: automation insights and new workflow templates.',
      'Confirm below to start receiving it. If you did not ask for it, ignore this email and nothing will be sent.',
    ],
    action: { label: 'Confirm my subscription', url: input.confirmUrl },
    footer: `Unsubscribe at any time: ${input.unsubscribeUrl}`,
  });
}

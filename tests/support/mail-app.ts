import { onTestFinished } from 'vitest';
import { deliverDueMail } from '#server/mail/outbox.ts';
import { createMailTransport } from '#server/mail/transport.ts';
import { startSmtpCapture } from './smtp-capture.ts';
import { createTestApp } from './test-app.ts';

/** The app sending through a real SMTP capture (closed when the test ends); `deliver` runs the outbox once. */
export async function appWithSmtp() {
  const smtp = await startSmtpCapture();
  onTestFinished(() => smtp.close());
  const t = await createTestApp({ envVars: { SMTP_URL: smtp.url } });
  const transport = createMailTransport(smtp.url)!;
  const deliver = () =>
    deliverDueMail({ db: t.database.db, transport, from: t.deps.env.MAIL_FROM, log: t.deps.log });
  return { t, smtp, deliver };
}

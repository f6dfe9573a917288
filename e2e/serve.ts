// Playwright's web server: an SMTP capture that writes each message to E2E_MAIL_DIR as JSON, then
// the real server (src/server/main.ts) with SMTP_URL pointing at it, so specs can follow real mail.
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpCapture } from '../tests/support/smtp-capture.ts';
import { startMemberFactory } from './member-factory.ts';

const dir = process.env.E2E_MAIL_DIR;
if (!dir) throw new Error('E2E_MAIL_DIR is not set');
mkdirSync(dir, { recursive: true });
const smtp = await startSmtpCapture();
let written = 0;
setInterval(() => {
  for (; written < smtp.messages.length; written++) {
    const m = smtp.messages[written]!;
    const file = path.join(dir, `${String(written).padStart(5, '0')}.json`);
    // Written whole, then renamed: a reader never sees a half-written file (rename is atomic).
    writeFileSync(`${file}.part`, JSON.stringify({ to: m.to, subject: m.subject, body: m.body }));
    renameSync(`${file}.part`, file);
  }
}, 100).unref();
process.env.SMTP_URL = smtp.url;
const server = await import('../src/server/main.ts');
startMemberFactory(server, dir);

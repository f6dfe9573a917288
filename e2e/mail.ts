import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export type E2eMail = { to: string[]; subject: string; body: string };

/** Waits for the newest mail to `to` (written by e2e/serve.ts), optionally with a given subject. */
export async function waitForMail(to: string, subject?: string, timeoutMs = 20_000): Promise<E2eMail> {
  const dir = process.env.E2E_MAIL_DIR!;
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (existsSync(dir)) {
      const found = readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
        .reverse()
        .map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as E2eMail)
        .find((m) => m.to.includes(to) && (subject === undefined || m.subject === subject));
      if (found) return found;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
}

/** The first link in a mail body that starts with `prefix`. */
export function linkIn(body: string, prefix: string): string {
  const start = body.indexOf(prefix);
  if (start < 0) throw new Error(`No link starting with ${prefix}`);
  return body.slice(start).split(/[\s"<>]/)[0]!;
}

import { count, desc, eq } from 'drizzle-orm';
import type { Context, Next } from 'hono';
import type { Database } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema/mail.ts';
import { fromThisMachine } from '#server/lib/client-ip.ts';
import type { AppEnv } from '#server/lib/context.ts';
import { escapeHtml } from '#server/lib/escape-html.ts';

// The development mail viewer at /__mail: without SMTP a newcomer's verification and reset links would
// hide among the request lines of the log. It lists every outbox mail, newest first, with its text
// (links clickable) and its HTML. Never mounted in production (app.ts); it answers only requests from
// this machine (the default HOST is 0.0.0.0, and reset links open accounts); anyone else gets the 404 page.

export const MAIL_VIEWER_PATH = '/__mail';
const PAGE_SIZE = 50;

/** Escaped text with every http(s) URL made a link. */
export function linkify(text: string): string {
  return escapeHtml(text).replace(/https?:\/\/[^\s<>"']+/g, (url) => `<a href="${url}">${url}</a>`);
}

const STYLE = `body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#0f172a;background:#fff}
article{border:1px solid #cbd5e1;border-radius:.75rem;padding:1rem;margin:1rem 0}h2{font-size:1.1rem;margin:0}
[data-meta]{color:#475569;font-size:.85rem}pre{white-space:pre-wrap;overflow-wrap:anywhere;background:#f1f5f9;padding:.75rem;border-radius:.5rem}
a{color:#4338ca}@media (prefers-color-scheme:dark){body{background:#020617;color:#e2e8f0}article{border-color:#334155}
[data-meta]{color:#94a3b8}pre{background:#0f172a}a{color:#a5b4fc}}`;

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body>${body}</body></html>`;
}

/** GET /__mail (?page=N) and GET /__mail/:id/html; anything else passes on to the site (its 404). */
export function mailViewer(deps: { db: Database }) {
  return async (c: Context<AppEnv>, next: Next) => {
    if (c.req.method !== 'GET' || !fromThisMachine(c)) return next();
    const rest = c.req.path.slice(MAIL_VIEWER_PATH.length).replace(/\/+$/, '');
    c.header('Cache-Control', 'no-store');
    if (rest === '') return c.html(await listPage(deps.db, Number(c.req.query('page')) || 1));
    const html = /^\/([0-9a-f-]{36})\/html$/.exec(rest);
    if (!html) return next();
    const [mail] = await deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, html[1]!)).limit(1);
    return mail ? c.html(mail.html) : next();
  };
}

async function listPage(db: Database, pageNumber: number): Promise<string> {
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(mailOutbox);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(pageNumber)), pages);
  const mails = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(PAGE_SIZE)
    .offset((current - 1) * PAGE_SIZE);
  const items = mails
    .map(
      (m) => `<article><h2>${escapeHtml(m.subject)}</h2>
<p data-meta="">To ${escapeHtml(m.to)} · ${escapeHtml(m.kind)} · ${escapeHtml(m.status)} · <time datetime="${m.createdAt.toISOString()}">${escapeHtml(m.createdAt.toISOString().replace('T', ' ').slice(0, 19))} UTC</time> · <a href="${MAIL_VIEWER_PATH}/${m.id}/html">HTML version</a></p>
<pre>${linkify(m.text)}</pre></article>`,
    )
    .join('\n');
  const pager = [
    current > 1 ? `<a href="${MAIL_VIEWER_PATH}?page=${current - 1}">Newer</a>` : '',
    current < pages ? `<a href="${MAIL_VIEWER_PATH}?page=${current + 1}">Older</a>` : '',
  ]
    .filter(Boolean)
    .join(' · ');
  return page(
    'Mail | Flowvault development',
    `<h1>Mail</h1><p data-meta="">Every message the app wrote to its outbox, newest first (${total} in all, page ${current} of ${pages}). Development only: production has no such page.</p>
${items || '<p>No mail yet.</p>'}${pager ? `<p>${pager}</p>` : ''}`,
  );
}

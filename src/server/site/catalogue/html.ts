import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { escapeHtml as esc } from '#server/lib/escape-html.ts';
import { FAMILY_ICONS } from '#shared/catalog/family-icons.ts';
import { type IconFamily, integrationIcon, isLetterChip } from '#shared/catalog/node-icons.ts';
import { nextPathAfterBuying } from '#shared/next-path.ts';
import type { AutomationCard } from '#shared/schemas/catalog.ts';

// Small HTML pieces shared by the public catalogue pages. Everything a visitor sees is escaped here;
// nothing of a workflow's JSON, node parameters or sticky notes is ever passed in (cards and the
// paywall-safe canvas model only).

// The one escaper (lib/escape-html.ts), under the short name these templates use.
export { esc };

export const automationPath = (id: string) => `/automation/${encodeURIComponent(id)}`;

/** Register, pay, then back on this template (src/shared/next-path.ts validates each hop). */
export const offerHref = (id: string) =>
  `/auth?mode=register&next=${encodeURIComponent(nextPathAfterBuying(automationPath(id)))}`;
export const signInHref = (id: string) => `/auth?next=${encodeURIComponent(automationPath(id))}`;

const TILE =
  'inline-flex h-7 w-7 items-center justify-center rounded-md border border-slate-200 bg-white text-[10px] font-semibold text-slate-700 dark:border-slate-700';

const glyphs = new Map<string, string>();
/** A family's lucide glyph as markup (HTTP Request's globe, an AI model's chip), made once per family. */
function familyGlyph(family: IconFamily): string {
  let markup = glyphs.get(family);
  if (markup === undefined) {
    markup = renderToStaticMarkup(
      createElement(FAMILY_ICONS[family] ?? FAMILY_ICONS.app, { 'aria-hidden': true, strokeWidth: 1.75 }),
    ).replace(/ class="[^"]*"/, ' class="h-4 w-4 text-slate-700"');
    glyphs.set(family, markup);
  }
  return markup;
}

/**
 * An app's icon on a light tile: the brand logo from the sprite, else the glyph of its kind (HTTP
 * Request, AI model…), else its initials (decision 0022 counts these "letter chips").
 */
export function appIcon(name: string, spriteUrl: string | null): string {
  const icon = integrationIcon(name);
  if (spriteUrl && icon.startsWith('brand:')) {
    const slug = icon.slice('brand:'.length);
    return `<span class="${TILE}" title="${esc(name)}"><svg role="img" aria-label="${esc(name)}" viewBox="0 0 24 24" class="h-4 w-4"><use href="${spriteUrl}#${esc(slug)}"></use></svg></span>`;
  }
  if (icon.startsWith('family:') && !isLetterChip(name))
    return `<span class="${TILE}" title="${esc(name)}"><span class="sr-only">${esc(name)}</span>${familyGlyph(icon.slice('family:'.length) as IconFamily)}</span>`;
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase();
  return `<span class="${TILE}" title="${esc(name)}"><span class="sr-only">${esc(name)}</span><span aria-hidden="true">${esc(initials)}</span></span>`;
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The members' card look: title, generated summary, app icons, node count, difficulty, category. */
export function cardHtml(card: AutomationCard, spriteUrl: string | null, headingLevel = 2): string {
  const apps = card.integrations.slice(0, 5);
  const more = card.integrations.length - apps.length;
  const h = `h${headingLevel}`;
  return `<li><article class="relative flex h-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md focus-within:ring-2 focus-within:ring-brand-500 dark:border-slate-800 dark:bg-slate-900">
<div class="flex flex-wrap items-center gap-2 text-xs font-medium"><span class="rounded-full bg-brand-50 px-2 py-0.5 text-brand-700 dark:bg-slate-800 dark:text-brand-100">${esc(card.category)}</span><span class="text-slate-600 dark:text-slate-400">${esc(card.difficulty)}</span><span class="text-slate-600 dark:text-slate-400">${card.readiness === 'guide' ? 'Guide, no workflow file' : plural(card.nodeCount, 'node', 'nodes')}</span></div>
<${h} class="mt-3 font-semibold leading-snug"><a href="${automationPath(card.id)}" class="after:absolute after:inset-0 focus:outline-none">${esc(card.title)}</a></${h}>
<p class="mt-2 line-clamp-3 flex-1 text-sm text-slate-600 dark:text-slate-400">${esc(card.summary)}</p>
${apps.length > 0 ? `<ul class="mt-4 flex flex-wrap items-center gap-1.5" aria-label="Apps">${apps.map((a) => `<li class="flex">${appIcon(a, spriteUrl)}</li>`).join('')}${more > 0 ? `<li class="text-xs text-slate-600 dark:text-slate-400">+${more} more</li>` : ''}</ul>` : ''}
</article></li>`;
}

export function cardGrid(cards: AutomationCard[], spriteUrl: string | null, headingLevel = 2): string {
  return `<ul class="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="list">${cards.map((c) => cardHtml(c, spriteUrl, headingLevel)).join('')}</ul>`;
}

/** A meta description: the text cut at a word before 160 characters. */
export function metaDescription(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max - 20)).replace(/[\s,.;:]+$/, '')}…`;
}

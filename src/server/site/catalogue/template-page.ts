import { centsToDecimal, PLANS, planOffer } from '#shared/plans.ts';
import type { CanvasModel } from '#shared/schemas/canvas.ts';
import type { AutomationCard } from '#shared/schemas/catalog.ts';
import type { HeadMeta } from '#shared/site/page-render.ts';
import { canvasSvg } from './canvas-svg.ts';
import { appIcon, automationPath, cardGrid, esc, metaDescription, offerHref, signInHref } from './html.ts';

// A visitor's /automation/:id: enough to judge the template (summary, generated steps, apps, the
// credentials it needs, its canvas shape, variants, related templates) and the offer. Never the
// workflow JSON, node parameters or sticky-note text: only the card, the generated steps, the
// credential names and the paywall-safe canvas model (`member: false`) come in.

export type TemplateFacts = {
  card: AutomationCard;
  /** Generated steps (decision 0012), one per line. */
  howItWorks: string;
  /** The summary is the author's statement of purpose (decision 0022), marked as theirs. */
  summaryByAuthor?: boolean;
  credentials: { name: string }[];
  triggerType: string;
  canvas: CanvasModel;
  variants: AutomationCard[];
  /** All variants, of which `variants` shows the first few. */
  variantCount: number;
  related: AutomationCard[];
};

const SECTION = 'mt-10';
const H2 = 'text-xl font-semibold';
const offerFigures = planOffer();

function offer(id: string): string {
  return `<aside aria-labelledby="offer-title" class="rounded-2xl border border-brand-200 bg-brand-50 p-6 dark:border-slate-700 dark:bg-slate-900">
<h2 id="offer-title" class="text-lg font-semibold">Use this template in your n8n</h2>
<p class="mt-2 text-sm text-slate-700 dark:text-slate-300">Lifetime access unlocks the workflow file, its setup steps, copy, download and one-click deploy to your own n8n, for this and every other template in the library.</p>
<p class="mt-4"><span class="text-3xl font-bold">${offerFigures.price}</span> <span class="text-sm text-slate-600 dark:text-slate-400">one payment, no subscription</span></p>
<a href="${esc(offerHref(id))}" class="mt-4 inline-flex h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-5 font-medium text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2">Get lifetime access</a>
<p class="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">Already a member? <a class="font-medium text-brand-700 underline dark:text-brand-100" href="${esc(signInHref(id))}">Sign in</a></p>
</aside>`;
}

export function templatePage(opts: { facts: TemplateFacts; baseUrl: string; spriteUrl: string | null }): {
  head: HeadMeta;
  body: string;
} {
  const { card, howItWorks, credentials, canvas, variants, variantCount, related } = opts.facts;
  const url = `${opts.baseUrl}${automationPath(card.id)}`;
  const description = metaDescription(card.summary || `${card.title}: an n8n workflow template.`);
  const image = `${opts.baseUrl}/og/automation/${encodeURIComponent(card.id)}.png`;
  const head: HeadMeta = {
    title: `${card.title} | n8n workflow template | Flowvault`,
    description,
    url,
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: card.title,
        description,
        url,
        image,
        category: card.category,
        brand: { '@type': 'Brand', name: 'Flowvault' },
        offers: {
          '@type': 'Offer',
          price: centsToDecimal(PLANS.lifetime.amountCents),
          priceCurrency: PLANS.lifetime.currency,
          availability: 'https://schema.org/InStock',
          url,
        },
      },
      {
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: [
          { '@type': 'ListItem', position: 1, name: 'Library', item: `${opts.baseUrl}/library` },
          { '@type': 'ListItem', position: 2, name: card.title, item: url },
        ],
      },
    ],
  };
  const steps = howItWorks
    .split('\n')
    .map((s) => s.replace(/^\s*(\d+[.)]|[-*•])\s*/, '').trim())
    .filter(Boolean);
  const svg = canvasSvg(canvas, card.title, opts.spriteUrl);
  const muted = 'text-slate-600 dark:text-slate-400';
  const body = `<main class="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
<nav aria-label="Breadcrumb" class="text-sm ${muted}"><a class="underline hover:text-slate-900 dark:hover:text-white" href="/library">Library</a> <span aria-hidden="true">›</span> <a class="underline hover:text-slate-900 dark:hover:text-white" href="/library?q=${encodeURIComponent(card.category)}">${esc(card.category)}</a></nav>
<div class="mt-6 grid gap-10 lg:grid-cols-[minmax(0,1fr)_20rem]">
<div class="min-w-0">
<h1 class="text-3xl font-bold tracking-tight sm:text-4xl">${esc(card.title)}</h1>
${opts.facts.summaryByAuthor ? `<figure class="mt-4"><blockquote class="border-l-4 border-brand-300 pl-3 text-lg text-slate-700 dark:text-slate-300">${esc(card.summary)}</blockquote><figcaption class="mt-1 text-sm ${muted}">In the author's words</figcaption></figure>` : `<p class="mt-4 text-lg text-slate-700 dark:text-slate-300">${esc(card.summary)}</p>`}
<ul class="mt-5 flex flex-wrap gap-2 text-sm" aria-label="Facts">
<li class="rounded-full bg-brand-50 px-3 py-1 text-brand-700 dark:bg-slate-800 dark:text-brand-100">${esc(card.category)}</li>
<li class="rounded-full bg-slate-100 px-3 py-1 dark:bg-slate-800">${esc(card.difficulty)}</li>
${
  card.readiness === 'guide'
    ? '<li class="rounded-full bg-amber-100 px-3 py-1 text-amber-900 dark:bg-amber-950 dark:text-amber-200">Guide: no workflow file, it links to where the template is published</li>'
    : `<li class="rounded-full bg-slate-100 px-3 py-1 dark:bg-slate-800">${card.nodeCount.toLocaleString('en-US')} ${card.nodeCount === 1 ? 'node' : 'nodes'}</li>`
}
${(card.readiness ?? (card.deployable ? 'ready' : 'blocked')) === 'ready' ? '<li class="rounded-full bg-slate-100 px-3 py-1 dark:bg-slate-800">One-click deploy</li>' : ''}
</ul>
<p class="mt-6 lg:hidden"><a href="${esc(offerHref(card.id))}" class="inline-flex h-11 w-full items-center justify-center rounded-lg bg-brand-600 px-5 font-medium text-white hover:bg-brand-700">Get lifetime access</a></p>
${svg ? `<figure class="${SECTION} rounded-xl border border-slate-200 bg-slate-50 p-2 dark:border-slate-800 dark:bg-slate-950"><div tabindex="0" role="group" aria-label="Workflow canvas, scrolls sideways" class="max-h-[36rem] overflow-auto rounded-lg">${svg}</div><figcaption class="px-2 pt-1 pb-1 text-sm ${muted}">The workflow's shape: its nodes and how they are wired. Members see every setting.</figcaption></figure>` : ''}
${steps.length > 0 ? `<section class="${SECTION}" aria-labelledby="steps-title"><h2 id="steps-title" class="${H2}">How it works</h2><ol class="mt-4 list-decimal space-y-2 pl-6 text-slate-700 dark:text-slate-300">${steps.map((s) => `<li>${esc(s)}</li>`).join('')}</ol></section>` : ''}
${card.integrations.length > 0 ? `<section class="${SECTION}" aria-labelledby="apps-title"><h2 id="apps-title" class="${H2}">Apps</h2><ul class="mt-4 flex flex-wrap gap-3">${card.integrations.map((a) => `<li class="flex items-center gap-2 rounded-lg border border-slate-200 px-3 py-2 text-sm dark:border-slate-800">${appIcon(a, opts.spriteUrl)}<span>${esc(a)}</span></li>`).join('')}</ul></section>` : ''}
<section class="${SECTION}" aria-labelledby="credentials-title"><h2 id="credentials-title" class="${H2}">Credentials needed</h2>${
    credentials.length > 0
      ? `<ul class="mt-4 list-disc space-y-1 pl-6 text-slate-700 dark:text-slate-300">${credentials.map((c) => `<li>${esc(c.name)}</li>`).join('')}</ul>`
      : `<p class="mt-3 text-slate-700 dark:text-slate-300">None: this workflow needs no credentials.</p>`
  }</section>
${variants.length > 0 ? `<section class="${SECTION}" aria-labelledby="variants-title"><h2 id="variants-title" class="${H2}">Variants</h2><p class="mt-2 text-sm ${muted}">${variantCount.toLocaleString('en-US')} ${variantCount === 1 ? 'template has' : 'templates have'} the same nodes and wiring${variantCount > variants.length ? `; here are ${variants.length}` : ''}.</p>${cardGrid(variants, opts.spriteUrl, 3)}</section>` : ''}
</div>
<div class="lg:sticky lg:top-6 lg:self-start">${offer(card.id)}</div>
</div>
${related.length > 0 ? `<section class="mt-14" aria-labelledby="related-title"><h2 id="related-title" class="${H2}">Related templates</h2>${cardGrid(related, opts.spriteUrl, 3)}</section>` : ''}
</main>`;
  return { head, body };
}

import { FAMILY_ICONS } from '#shared/catalog/family-icons.ts';
import { type IconFamily, integrationIcon, isLetterChip } from '#shared/catalog/node-icons.ts';
import type { AutomationCard } from '#shared/schemas/catalog.ts';
import { CardKicker } from '#web/components/card-kicker.tsx';
import { IntegrationGlyph } from '#web/components/integration-icon.tsx';
import { cardClass } from '#web/components/ui/card.tsx';

// The public catalogue's card (/library, a template page's variants and related templates), rendered by
// the server per request (features/site/catalogue/render.tsx): title, summary, app icons, node count,
// difficulty, category. The whole card is its title's link.

export const automationPath = (id: string) => `/automation/${encodeURIComponent(id)}`;

const TILE =
  'inline-flex h-7 w-7 items-center justify-center rounded-md border border-slate-200 bg-white text-[10px] font-semibold text-slate-700 dark:border-slate-700';

/**
 * An app's icon on a light tile: the brand logo from the sprite, else the glyph of its kind (HTTP
 * Request, AI model…), else its initials (decision 0022 counts these "letter chips").
 */
export function AppIcon({ name }: { name: string }) {
  const icon = integrationIcon(name);
  if (icon.startsWith('brand:'))
    return (
      <span className={TILE} title={name}>
        <IntegrationGlyph icon={icon} name={name} className="h-4 w-4" />
      </span>
    );
  if (!isLetterChip(name)) {
    const Glyph = FAMILY_ICONS[icon.slice('family:'.length) as IconFamily] ?? FAMILY_ICONS.app;
    return (
      <span className={TILE} title={name}>
        <span className="sr-only">{name}</span>
        <Glyph aria-hidden="true" strokeWidth={1.75} className="h-4 w-4 text-slate-700" />
      </span>
    );
  }
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase();
  return (
    <span className={TILE} title={name}>
      <span className="sr-only">{name}</span>
      <span aria-hidden="true">{initials}</span>
    </span>
  );
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

export function TemplateCard({ card, headingLevel = 2 }: { card: AutomationCard; headingLevel?: 2 | 3 }) {
  const apps = card.integrations.slice(0, 5);
  const more = card.integrations.length - apps.length;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={`relative flex h-full flex-col shadow-sm transition focus-within:ring-2 focus-within:ring-brand-500 hover:border-brand-300 hover:shadow-md ${cardClass({ padding: 'lg' })}`}
    >
      <CardKicker category={card.category} difficulty={card.difficulty}>
        <span className="text-slate-600 dark:text-slate-400">
          {card.readiness === 'guide' ? 'Guide, no workflow file' : plural(card.nodeCount, 'node', 'nodes')}
        </span>
      </CardKicker>
      <Heading className="mt-3 font-semibold leading-snug">
        <a href={automationPath(card.id)} className="after:absolute after:inset-0 focus:outline-none">
          {card.title}
        </a>
      </Heading>
      <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-600 dark:text-slate-400">{card.summary}</p>
      {apps.length > 0 && (
        <ul className="mt-4 flex flex-wrap items-center gap-1.5" aria-label="Apps">
          {apps.map((a) => (
            <li key={a} className="flex">
              <AppIcon name={a} />
            </li>
          ))}
          {more > 0 && <li className="text-xs text-slate-600 dark:text-slate-400">+{more} more</li>}
        </ul>
      )}
    </article>
  );
}

export function CardGrid({ cards, headingLevel = 2 }: { cards: AutomationCard[]; headingLevel?: 2 | 3 }) {
  return (
    // biome-ignore lint/a11y/noRedundantRoles: Safari drops a styled list's list role without it
    <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" role="list">
      {cards.map((c) => (
        <li key={c.id}>
          <TemplateCard card={c} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}

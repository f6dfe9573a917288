import { Blocks } from 'lucide-react';
import { FAMILY_ICONS } from '#shared/catalog/family-icons.ts';
import { type IconFamily, integrationIcon, isLetterChip } from '#shared/catalog/node-icons.ts';
import { cn } from '#web/lib/cn.ts';
import spriteUrl from '../assets/brand-icons.svg?url';

// An integration's icon: a brand from the static simple-icons sprite (scripts/brand-sprite.ts; no
// icon paths in the page's JavaScript) or a lucide family glyph. Brand glyphs keep their colours, so
// both kinds sit on a light tile in either colour scheme.

/** The bare glyph (no tile). `name` is the accessible name; omit it when the text is beside the icon. */
export function IntegrationGlyph({
  icon,
  name,
  className,
}: {
  icon: string;
  name?: string;
  className?: string;
}) {
  if (icon.startsWith('brand:')) {
    const use = <use href={`${spriteUrl}#${icon.slice('brand:'.length)}`} />;
    return name ? (
      <svg role="img" aria-label={name} viewBox="0 0 24 24" className={className} data-icon={icon}>
        {use}
      </svg>
    ) : (
      <svg aria-hidden="true" viewBox="0 0 24 24" className={className} data-icon={icon}>
        {use}
      </svg>
    );
  }
  const Icon = FAMILY_ICONS[icon.slice('family:'.length) as IconFamily] ?? Blocks;
  const a11y = name ? { role: 'img', 'aria-label': name } : { 'aria-hidden': true };
  return <Icon {...a11y} className={cn('text-slate-700', className)} data-icon={icon} />;
}

/** The glyph on a small light tile, as cards and the detail page show it. */
export function IntegrationIcon({
  icon,
  name,
  size = 'sm',
}: {
  icon: string;
  name?: string;
  size?: 'sm' | 'md';
}) {
  return (
    <span
      className={cn(
        'inline-flex shrink-0 items-center justify-center rounded-md border border-slate-200 bg-white dark:border-slate-600',
        size === 'sm' ? 'h-7 w-7' : 'h-9 w-9',
      )}
    >
      <IntegrationGlyph icon={icon} name={name} className={size === 'sm' ? 'h-4 w-4' : 'h-5 w-5'} />
    </span>
  );
}

/**
 * An app's icon on a small light tile, named for screen readers and as a tooltip: the brand logo, else
 * the glyph of its kind (HTTP Request, AI model…), else its initials (decision 0022 counts these
 * "letter chips").
 */
export function AppIcon({ name }: { name: string }) {
  if (!isLetterChip(name)) return <IntegrationIcon icon={integrationIcon(name)} name={name} />;
  const initials = name
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => w[0] ?? '')
    .join('')
    .toUpperCase();
  return (
    <span className="inline-flex h-7 w-7 shrink-0 items-center justify-center rounded-md border border-slate-200 bg-white text-[10px] font-semibold text-slate-700 dark:border-slate-600">
      <span className="sr-only">{name}</span>
      <span aria-hidden="true">{initials}</span>
    </span>
  );
}

/**
 * The apps a workflow uses, as icons in the order given, the first `max` then "+N". Each icon carries
 * the app's name for screen readers and as a tooltip.
 */
export function IntegrationIcons({ names, max = 5 }: { names: string[]; max?: number }) {
  if (names.length === 0) return null;
  const shown = names.slice(0, max);
  const rest = names.slice(max);
  return (
    <ul className="flex flex-wrap items-center gap-1" aria-label="Apps used" data-testid="app-icons">
      {shown.map((name) => (
        <li key={name} title={name} className="flex">
          <AppIcon name={name} />
        </li>
      ))}
      {rest.length > 0 && (
        <li title={rest.join(', ')} className="px-1 text-xs font-medium text-slate-600 dark:text-slate-400">
          <span aria-hidden="true">+{rest.length}</span>
          <span className="sr-only">and {rest.join(', ')}</span>
        </li>
      )}
    </ul>
  );
}

/** The apps a workflow uses, each icon with its name written beside it (detail pages). */
export function IntegrationList({ names }: { names: string[] }) {
  return (
    <ul className="flex flex-wrap gap-2" data-testid="integration-list">
      {names.map((name) => (
        <li
          key={name}
          className="inline-flex items-center gap-2 rounded-full border border-slate-200 py-1 pr-3 pl-1 text-sm dark:border-slate-700"
        >
          <IntegrationIcon icon={integrationIcon(name)} />
          {name}
        </li>
      ))}
    </ul>
  );
}

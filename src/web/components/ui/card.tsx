import { Slot } from '@radix-ui/react-slot';
import type { LucideIcon } from 'lucide-react';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

const TONES = {
  default: 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900',
  muted: 'border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900',
  /** No fill: the page shows through (a list of rows, a link tile). */
  plain: 'border-slate-200 dark:border-slate-800',
  /** On a tinted section (slate-50, slate-900 in the dark): white, and darker than the section in the dark. */
  raised: 'border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-950',
  /** A brand-tinted panel: an offer or a call to buy. */
  brand: 'border-brand-200 bg-brand-50 dark:border-slate-700 dark:bg-slate-900',
  warning: 'border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950',
  danger: 'border-red-300 dark:border-red-900',
  /** An empty state: nothing here yet. */
  dashed: 'border-dashed border-slate-300 dark:border-slate-700',
} as const;

const PADDINGS = { none: '', sm: 'p-2', md: 'p-4', lg: 'p-5', xl: 'p-6', '2xl': 'p-8' } as const;

/** Corners: `xl` for cards in the app's grids and lists, `2xl` for a page's main box or a panel of the site. */
const RADII = { xl: 'rounded-xl', '2xl': 'rounded-2xl' } as const;

export type CardStyle = {
  tone?: keyof typeof TONES;
  padding?: keyof typeof PADDINGS;
  radius?: keyof typeof RADII;
};

/** The card look as a class string, for elements that cannot be a `Card` (a `<li>` in a styled list). */
export function cardClass({ tone = 'default', padding = 'md', radius = 'xl' }: CardStyle = {}): string {
  return cn(RADII[radius], 'border', TONES[tone], PADDINGS[padding]);
}

/** `className` adds layout (spacing, grid); the look comes from `tone` and `padding` (cn() does not merge). */
export type CardProps = ComponentProps<'div'> &
  CardStyle & {
    /** Render the child element (an article, a section, a link) with the card's look. */
    asChild?: boolean;
  };

export function Card({ tone, padding, radius, asChild, className, ...props }: CardProps) {
  const Comp = asChild ? Slot : 'div';
  return <Comp className={cn(cardClass({ tone, padding, radius }), className)} {...props} />;
}

type CardSectionProps = Omit<ComponentProps<'section'>, 'title' | 'className'> &
  Pick<CardStyle, 'tone'> & {
    /** The heading's id: the section is named by it (`aria-labelledby`). */
    id: string;
    /** The icon before the title (decoration: the title names the section). */
    icon: LucideIcon;
    title: ReactNode;
    children: ReactNode;
  };

/** A boxed section of a site page (get the workflow, the newsletter): a titled panel, an icon before its title. */
export function CardSection({
  id,
  icon: Icon,
  title,
  tone = 'plain',
  children,
  ...section
}: CardSectionProps) {
  return (
    <section aria-labelledby={id} className={cardClass({ tone, padding: 'xl', radius: '2xl' })} {...section}>
      <h2 id={id} className="flex items-center gap-2 text-xl font-semibold">
        <Icon aria-hidden="true" className="h-5 w-5" />
        {title}
      </h2>
      {children}
    </section>
  );
}

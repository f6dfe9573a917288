import type { LucideIcon } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';
import { Link, type LinkProps } from '#web/lib/navigation.tsx';

const TONES = {
  /** A link in running text or under a section: brand colour. */
  brand: 'text-brand-700 dark:text-brand-100',
  /** A way back out of a page: quiet until hovered. */
  muted: 'text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
} as const;

/** `className` adds size, spacing and underline; the colour comes from `tone` (cn() does not merge). */
export type TextLinkProps = LinkProps & {
  /** The icon before the text (decoration: the text names the link). */
  icon: LucideIcon;
  tone?: keyof typeof TONES;
};

/** A link inside Flowvault shown as text with a small icon before it ('← Back to Blog'). */
export function TextLink({ icon: Icon, tone = 'brand', className, children, ...props }: TextLinkProps) {
  return (
    <Link className={cn('inline-flex items-center gap-1 font-medium', TONES[tone], className)} {...props}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {children}
    </Link>
  );
}

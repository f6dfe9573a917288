import type { ComponentProps } from 'react';

type ExternalLinkProps = Omit<ComponentProps<'a'>, 'target' | 'rel'> & {
  /** Words screen readers hear before "(opens in a new tab)", such as "of Ada Lovelace". */
  srAbout?: string;
};

/**
 * A link that opens in a new tab, without handing the new page our window (`noopener noreferrer`), and
 * says so to screen readers. Under `<Button asChild>` it takes the button's look.
 */
export function ExternalLink({ srAbout, children, ...props }: ExternalLinkProps) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <span className="sr-only">{` ${srAbout ? `${srAbout} ` : ''}(opens in a new tab)`}</span>
    </a>
  );
}

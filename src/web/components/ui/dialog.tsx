import { type ComponentProps, type ReactNode, useEffect, useRef, useState } from 'react';
import { cn } from '#web/lib/cn.ts';

const PLACEMENTS = {
  /** A box near the top of the screen (a command palette, a question). */
  center: {
    frame: 'flex items-start justify-center p-4 pt-[12vh]',
    panel:
      'relative w-full max-w-xl rounded-2xl border border-slate-200 bg-white p-4 shadow-xl dark:border-slate-800 dark:bg-slate-900',
  },
  /** A form in the middle of the screen, scrolling inside when taller than it (deploy to n8n). */
  form: {
    frame: 'flex items-center justify-center p-4',
    panel:
      'relative max-h-[85vh] w-full max-w-2xl overflow-y-auto rounded-2xl border border-slate-200 bg-white p-5 text-slate-900 shadow-xl sm:p-6 dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100',
  },
  /** A sheet sliding up from the bottom edge (small screens). */
  sheet: {
    frame: '',
    panel:
      'absolute inset-x-0 bottom-0 max-h-[70vh] overflow-y-auto rounded-t-2xl bg-white p-5 dark:bg-slate-900',
  },
} as const;

type DialogProps = Omit<ComponentProps<'div'>, 'role' | 'className'> & {
  onClose: () => void;
  /** The backdrop's name for screen readers ('Close search'); a click on it closes the dialog. */
  closeLabel: string;
  placement?: keyof typeof PLACEMENTS;
  /** Classes for the full-screen frame (when it shows: `2xl:hidden`). */
  className?: string;
  /** Test hook on the backdrop. */
  backdropTestId?: string;
  children: ReactNode;
};

/**
 * The one modal pattern: a dimmed backdrop that closes on click, a labelled `role="dialog"` panel,
 * Escape closes, focus moves into the panel (unless its content already took it) and goes back where
 * it was when the dialog goes away. Render it only while open.
 * (No Radix Dialog is installed; this is the pattern the app already used, in one place.)
 */
export function Dialog({
  onClose,
  closeLabel,
  placement = 'center',
  className,
  backdropTestId,
  children,
  ...panel
}: DialogProps) {
  const close = useRef(onClose);
  close.current = onClose;
  const panelRef = useRef<HTMLDivElement>(null);
  // Read while rendering, before the content's autofocus or effects move focus inside: the opener.
  const [opener] = useState(() =>
    typeof document === 'undefined' ? null : (document.activeElement as HTMLElement | null),
  );
  useEffect(() => {
    const panel = panelRef.current;
    if (panel && !panel.contains(document.activeElement)) panel.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') close.current();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [opener]);
  const look = PLACEMENTS[placement];
  return (
    <div className={cn('fixed inset-0 z-50', look.frame, className)}>
      <button
        type="button"
        aria-label={closeLabel}
        tabIndex={-1}
        onClick={onClose}
        data-testid={backdropTestId}
        className="absolute inset-0 bg-slate-950/50 backdrop-blur-sm motion-reduce:backdrop-blur-none"
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        tabIndex={-1}
        className={cn(look.panel, 'focus:outline-none')}
        {...panel}
      >
        {children}
      </div>
    </div>
  );
}

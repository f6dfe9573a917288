import { List } from 'lucide-react';
import { useEffect, useState } from 'react';
import type { TocHeading } from '#shared/schemas/content.ts';
import { cardClass } from '#web/components/ui/card.tsx';
import { CloseButton } from '#web/components/ui/close-button.tsx';
import { Dialog } from '#web/components/ui/dialog.tsx';
import { cn } from '#web/lib/cn.ts';

export const TOC_OFFSET = 100;

/** The heading whose top has passed the 100 px offset most recently (the first one before any). */
export function activeHeadingId(
  tops: { id: string; top: number }[],
  offset = TOC_OFFSET,
): string | undefined {
  let active = tops[0]?.id;
  for (const h of tops) if (h.top - offset <= 1) active = h.id;
  return active;
}

export function scrollToHeading(id: string) {
  const el = document.getElementById(id);
  if (!el) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({
    top: el.getBoundingClientRect().top + window.scrollY - TOC_OFFSET,
    behavior: reduce ? 'auto' : 'smooth',
  });
  history.replaceState(null, '', `#${id}`);
}

function useActiveHeading(headings: TocHeading[]) {
  const [active, setActive] = useState<string | undefined>(headings[0]?.id);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const tops = headings.flatMap((h) => {
        const el = document.getElementById(h.id);
        return el ? [{ id: h.id, top: el.getBoundingClientRect().top }] : [];
      });
      setActive(activeHeadingId(tops));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
    };
  }, [headings]);
  return active;
}

function TocList({
  headings,
  active,
  onPick,
}: {
  headings: TocHeading[];
  active?: string;
  onPick?: () => void;
}) {
  return (
    <ol className="space-y-1 text-sm">
      {headings.map((h) => (
        <li key={h.id} className={h.level === 3 ? 'pl-3' : h.level === 4 ? 'pl-6' : ''}>
          <a
            href={`#${h.id}`}
            aria-current={active === h.id ? 'location' : undefined}
            onClick={(e) => {
              e.preventDefault();
              scrollToHeading(h.id);
              onPick?.();
            }}
            className={cn(
              'block rounded px-2 py-1 hover:bg-slate-100 dark:hover:bg-slate-800',
              active === h.id
                ? 'bg-brand-50 font-medium text-brand-700 dark:bg-slate-800 dark:text-brand-100'
                : 'text-slate-600 dark:text-slate-400',
            )}
          >
            {h.text}
          </a>
        </li>
      ))}
    </ol>
  );
}

/** Side panel on very wide screens; a floating button with a bottom sheet on smaller ones. */
export function TableOfContents({ headings }: { headings: TocHeading[] }) {
  const active = useActiveHeading(headings);
  const [open, setOpen] = useState(false);
  if (headings.length === 0) return null;
  return (
    <>
      <nav
        aria-label="Table of contents"
        className={`fixed right-6 top-28 hidden max-h-[70vh] w-64 overflow-y-auto 2xl:block ${cardClass()}`}
      >
        <p className="mb-2 text-sm font-semibold">Table of Contents</p>
        <TocList headings={headings} active={active} />
      </nav>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-expanded={open}
        aria-label="Open table of contents"
        className="fixed bottom-4 right-4 z-30 flex h-12 w-12 items-center justify-center rounded-full bg-brand-600 text-white shadow-lg 2xl:hidden"
      >
        <List aria-hidden="true" className="h-5 w-5" />
      </button>
      {open && (
        <Dialog
          onClose={() => setOpen(false)}
          closeLabel="Close table of contents"
          placement="sheet"
          className="2xl:hidden"
          aria-label="Table of contents"
        >
          <div className="mb-3 flex items-center justify-between">
            <p className="font-semibold">Table of Contents</p>
            {/* autoFocus: focus moves into the sheet that just opened. */}
            <CloseButton autoFocus onClick={() => setOpen(false)} className="h-9 w-9 rounded-full" />
          </div>
          <TocList headings={headings} active={active} onPick={() => setOpen(false)} />
        </Dialog>
      )}
    </>
  );
}

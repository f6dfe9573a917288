import { Share2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';

export const COPY_CONFIRM_MS = 2000;

export function shareUrls(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return {
    Twitter: `https://twitter.com/intent/tweet?url=${u}&text=${t}`,
    LinkedIn: `https://www.linkedin.com/sharing/share-offsite/?url=${u}`,
    Facebook: `https://www.facebook.com/sharer/sharer.php?u=${u}`,
  };
}

export function ShareMenu({ title }: { title: string }) {
  const [open, setOpen] = useState(false);
  const [copied, setCopied] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!copied) return;
    const t = setTimeout(() => setCopied(false), COPY_CONFIRM_MS);
    return () => clearTimeout(t);
  }, [copied]);
  useEffect(() => {
    if (!open) return;
    const close = (e: Event) => {
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !root.current?.contains(e.target as Node))
        setOpen(false);
    };
    document.addEventListener('click', close);
    document.addEventListener('keydown', close);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('keydown', close);
    };
  }, [open]);
  const url = typeof window === 'undefined' ? '' : window.location.href.split('#')[0]!;
  const item = 'block w-full rounded px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800';
  return (
    <div ref={root} className="relative">
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-expanded={open}
        aria-haspopup="true"
        onClick={() => setOpen((o) => !o)}
      >
        <Share2 aria-hidden="true" className="h-4 w-4" />
        Share
      </Button>
      {open && (
        <ul className="absolute right-0 z-20 mt-2 w-44 rounded-lg border border-slate-200 bg-white p-1 shadow-lg dark:border-slate-700 dark:bg-slate-900">
          {Object.entries(shareUrls(url, title)).map(([name, href]) => (
            <li key={name}>
              <button
                type="button"
                className={item}
                onClick={() => {
                  window.open(href, 'share', 'width=600,height=400,noopener,noreferrer');
                  setOpen(false);
                }}
              >
                {name}
              </button>
            </li>
          ))}
          <li>
            <button
              type="button"
              className={item}
              onClick={async () => {
                await navigator.clipboard?.writeText(url).catch(() => undefined);
                setCopied(true);
              }}
            >
              <span aria-live="polite">{copied ? 'Copied!' : 'Copy Link'}</span>
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}

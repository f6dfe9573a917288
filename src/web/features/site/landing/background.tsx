// Floating particles and the 3D grid turning with scroll. Positions come from the index (no
// randomness); both animate on the compositor and disappear under prefers-reduced-motion (app.css).
// The particles float in once (all done within 5 s, WCAG 2.2.2) and then drift only as the reader
// scrolls: an endless animation kept a compositor busy for as long as the page was open.
import { useEffect, useState } from 'react';

/**
 * True once the browser is idle after hydration. The layers are left out of the prerendered page and
 * added then: painting twenty animated layers and a large 3D plane while the page loaded and hydrated
 * was most of the landing page's blocking time on a slow phone (Lighthouse mobile TBT ~600-1,000 ms
 * with them, ~60 ms without).
 */
function useAfterLoad(): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const show = () => setReady(true);
    if ('requestIdleCallback' in window) {
      const id = requestIdleCallback(show, { timeout: 3000 });
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(show, 1000);
    return () => clearTimeout(id);
  }, []);
  return ready;
}

export const DEFAULT_PARTICLES = 20;

export function FloatingParticles({ count = DEFAULT_PARTICLES }: { count?: number }) {
  if (!useAfterLoad()) return null;
  return (
    <div aria-hidden="true" className="fv-particles pointer-events-none absolute inset-0 overflow-hidden">
      {Array.from({ length: count }, (_, i) => (
        <span
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of decorative dots
          key={i}
          className="fv-particle absolute block h-1.5 w-1.5 rounded-full bg-brand-500/60"
          style={
            {
              left: `${(i * 37 + 11) % 100}%`,
              top: `${(i * 53 + 7) % 100}%`,
              // Float-in staggered by index: the last one settles after 1.2 + 3.5 = 4.7 s.
              '--fv-delay': `${(i % 5) * 300}ms`,
              '--fv-dur': `${2000 + (i % 4) * 500}ms`,
              '--fv-rest': 0.35 + (i % 4) * 0.12,
              '--fv-rise': `${-40 - (i % 6) * 24}px`,
            } as React.CSSProperties
          }
        />
      ))}
    </div>
  );
}

export function GridBackground() {
  if (!useAfterLoad()) return null;
  return (
    <div aria-hidden="true" className="fv-grid-layer pointer-events-none absolute inset-0 overflow-hidden">
      <div className="fv-grid absolute -inset-x-1/2 top-1/3 h-[140%] opacity-60 dark:opacity-40" />
    </div>
  );
}

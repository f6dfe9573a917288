// Floating particles and the 3D grid turning with scroll. Positions come from the index (no
// randomness); both animate on the compositor and disappear under prefers-reduced-motion (app.css).

export const DEFAULT_PARTICLES = 20;

export function FloatingParticles({ count = DEFAULT_PARTICLES }: { count?: number }) {
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
              '--fv-dur': `${9 + (i % 7)}s`,
              '--fv-delay': `${-(i % 5) * 1.7}s`,
            } as React.CSSProperties
          }
        />
      ))}
    </div>
  );
}

export function GridBackground() {
  return (
    <div aria-hidden="true" className="fv-grid-layer pointer-events-none absolute inset-0 overflow-hidden">
      <div className="fv-grid absolute -inset-x-1/2 top-1/3 h-[140%] opacity-60 dark:opacity-40" />
    </div>
  );
}

import { type ReactNode, Suspense, startTransition, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` only in the browser after hydration (prerendered HTML gets `fallback`). With
 * `nearView`, it waits until its place comes within a screen of the viewport: a section the visitor has
 * not scrolled to loads no code and fetches nothing while the page starts. The swap is a transition,
 * so rendering it yields to the browser instead of blocking input.
 */
export function ClientOnly({
  children,
  fallback,
  nearView = false,
}: {
  children: ReactNode;
  fallback: ReactNode;
  nearView?: boolean;
}) {
  const [mounted, setMounted] = useState(false);
  const place = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const mount = () => startTransition(() => setMounted(true));
    const el = place.current;
    if (!nearView || !el || typeof IntersectionObserver === 'undefined') {
      mount();
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        mount();
      },
      { rootMargin: '100% 0px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [nearView]);
  const content = mounted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
  return nearView ? <div ref={place}>{content}</div> : content;
}

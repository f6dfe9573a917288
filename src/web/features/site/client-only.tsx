import { type ReactNode, Suspense, useEffect, useState } from 'react';

/** Renders `children` only in the browser after hydration (prerendered HTML gets `fallback`). */
export function ClientOnly({ children, fallback }: { children: ReactNode; fallback: ReactNode }) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  return mounted ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}

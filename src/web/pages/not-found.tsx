import { useEffect } from 'react';
import { Link, useNavigation } from '#web/lib/navigation.tsx';

export function NotFoundPage() {
  const { pathname } = useNavigation();
  useEffect(() => {
    // The server logs the attempted path too; this covers paths reached by client navigation.
    console.warn('404: a visitor tried to open a path that does not exist:', pathname);
  }, [pathname]);

  return (
    <main className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="text-center">
        <h1 className="text-6xl font-bold tracking-tight">404</h1>
        <p className="mt-4 text-xl text-slate-600 dark:text-slate-400">Oops! Page not found</p>
        <Link
          to="/"
          className="mt-6 inline-block font-medium text-brand-600 underline underline-offset-4 hover:text-brand-700 dark:text-brand-500"
        >
          Return to Home
        </Link>
      </div>
    </main>
  );
}

import { Menu, X } from 'lucide-react';
import { useRef } from 'react';
import { PLAN_PRICE_LABEL } from '#shared/plans.ts';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { Link, useNavigation } from '#web/lib/navigation.tsx';

// Anchor links always point at the landing page, so from any page they first go there
// (a plain same-document jump when already on "/"), and they work without JavaScript.
const NAV_LINKS = [
  { label: 'Features', href: '/#features' },
  { label: 'Workflows', href: '/#workflows' },
  { label: 'Pricing', href: '/#pricing' },
  { label: 'Blog', href: '/blog' },
  { label: 'Docs', href: '/docs' },
] as const;

export function TopBar() {
  const { user, signOut, isSubscribed } = useAuth();
  const signedIn = user !== null;
  // Nobody who has paid (nor an operator) is asked to upgrade: they get their dashboard instead.
  const hasAccess = signedIn && (isSubscribed || user.role === 'admin');
  const { navigate } = useNavigation();
  // Sign-out always ends on /auth, even when the call fails (signOut never throws).
  const handleSignOut = async () => {
    await signOut();
    navigate('/auth');
  };
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => menu.current?.removeAttribute('open');

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur dark:border-slate-800 dark:bg-slate-950/90">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to="/" className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          Flowvault
        </Link>
        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-6 text-sm font-medium text-slate-700 dark:text-slate-300">
            {NAV_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href} className="rounded hover:text-brand-600 dark:hover:text-brand-500">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="hidden items-center gap-2 md:flex">
          {signedIn ? (
            <Button variant="ghost" onClick={() => void handleSignOut()}>
              Sign Out
            </Button>
          ) : (
            <Button asChild variant="ghost">
              <Link to="/auth">Sign In</Link>
            </Button>
          )}
          <Button asChild>
            {hasAccess ? (
              <Link to="/dashboard">Dashboard</Link>
            ) : signedIn ? (
              <Link to="/payment">Upgrade</Link>
            ) : (
              <Link to="/auth?mode=register">Get Access</Link>
            )}
          </Button>
        </div>
        {/* <details> keeps the small-screen menu usable before (or without) JavaScript. */}
        <details ref={menu} className="group md:hidden">
          <summary
            aria-label="Menu"
            className="flex h-10 w-10 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-slate-100 dark:hover:bg-slate-800 [&::-webkit-details-marker]:hidden"
          >
            <Menu aria-hidden="true" className="h-5 w-5 group-open:hidden" />
            <X aria-hidden="true" className="hidden h-5 w-5 group-open:block" />
          </summary>
          <nav
            aria-label="Mobile"
            className="absolute inset-x-0 top-16 border-b border-slate-200 bg-white px-4 pb-4 shadow-lg dark:border-slate-800 dark:bg-slate-950"
          >
            <ul className="flex flex-col py-2 text-base font-medium">
              {NAV_LINKS.map((link) => (
                <li key={link.label}>
                  <a
                    href={link.href}
                    onClick={closeMenu}
                    className="block rounded px-2 py-3 hover:bg-slate-50 dark:hover:bg-slate-900"
                  >
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
            <Button asChild className="w-full">
              {hasAccess ? (
                <Link to="/dashboard" onClick={closeMenu}>
                  Dashboard
                </Link>
              ) : signedIn ? (
                <Link to="/payment" onClick={closeMenu}>
                  Upgrade ({PLAN_PRICE_LABEL})
                </Link>
              ) : (
                <Link to="/auth" onClick={closeMenu}>
                  Sign In
                </Link>
              )}
            </Button>
            {signedIn && (
              <Button
                variant="outline"
                className="mt-2 w-full"
                onClick={() => {
                  closeMenu();
                  void handleSignOut();
                }}
              >
                Sign Out
              </Button>
            )}
          </nav>
        </details>
      </div>
    </header>
  );
}

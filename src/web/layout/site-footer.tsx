import { Link } from '#web/lib/navigation.tsx';

const LEGAL_LINKS = [
  { label: 'Terms & Conditions', to: '/terms-conditions' },
  { label: 'Refund Policy', to: '/refund-policy' },
  { label: 'Shipping Policy', to: '/shipping-policy' },
  { label: 'Privacy Policy', to: '/privacy-policy' },
  { label: 'About Us', to: '/about-us' },
  { label: 'Contact Us', to: '/contact-us' },
] as const;

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto max-w-6xl px-4 py-10">
        <nav aria-label="Legal">
          <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-slate-700 dark:text-slate-300">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-brand-600 hover:underline dark:hover:text-brand-500">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <p className="mt-6 max-w-3xl text-sm text-slate-600 dark:text-slate-400">
          Flowvault is a digital, cloud-based service. Nothing is shipped: your access is given instantly once
          your payment is confirmed.
        </p>
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">© Flowvault. All rights reserved.</p>
      </div>
    </footer>
  );
}

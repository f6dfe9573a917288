import { useId } from 'react';
import { ExternalLink } from '#web/components/external-link.tsx';

const HELP_LINKS = [
  { href: 'https://docs.n8n.io/api/authentication/', label: 'How to create an n8n API key' },
  { href: 'https://docs.n8n.io/api/', label: 'n8n public API documentation' },
  { href: 'https://docs.n8n.io/hosting/', label: 'Self-hosting n8n' },
];

const BENEFITS = [
  'Deploy any library workflow straight into your own n8n with one click',
  'A preflight check shows what will change and which credentials to set up before anything is created',
  'Keep several instances (e.g. staging and production) and choose a default',
  'Recent Runs and success rate come from your real n8n executions',
  'Emergency Stop deactivates every workflow Flowvault deployed, in one go',
];

/** The API key scopes Flowvault uses (n8n Enterprise keys can be limited), and why. */
const SCOPES = [
  ['workflow:create, workflow:read, workflow:list', 'deploy templates and test the connection'],
  [
    'workflow:publish, workflow:unpublish (n8n 2.x) or workflow:activate, workflow:deactivate (1.x)',
    'publish a workflow when you ask, and Emergency Stop',
  ],
  [
    'credential:list (n8n 2.x)',
    'offer your own credentials when you deploy; n8n lists only their names and types, never secrets. Without it credentials are bound by name',
  ],
  ['execution:list, execution:read', 'Recent Runs and success rate'],
] as const;

/** Where to read about n8n's API and what connecting gives a member. */
export function N8nHelp() {
  const id = useId();
  return (
    <div className="grid gap-6 sm:grid-cols-2">
      <section aria-labelledby={`${id}-help`} className="space-y-2">
        <h3 id={`${id}-help`} className="text-base font-semibold">
          Help
        </h3>
        <ul className="space-y-1 text-sm">
          {HELP_LINKS.map((link) => (
            <li key={link.href}>
              <ExternalLink
                href={link.href}
                className="text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-400"
              >
                {link.label}
              </ExternalLink>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${id}-scopes`} className="space-y-2 sm:col-span-2">
        <h3 id={`${id}-scopes`} className="text-base font-semibold">
          Which scopes to grant, and why
        </h3>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {SCOPES.map(([scopes, why]) => (
            <li key={scopes}>
              <code className="text-xs">{scopes}</code>: {why}.
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby={`${id}-benefits`} className="space-y-2">
        <h3 id={`${id}-benefits`} className="text-base font-semibold">
          Why connect n8n
        </h3>
        <ul className="list-disc space-y-1 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {BENEFITS.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}

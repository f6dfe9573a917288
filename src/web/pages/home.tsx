import { Check } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';

const FEATURES = [
  {
    title: 'Ready-made n8n workflows',
    text: 'Import-ready JSON for real automations: triggers, integrations and notes included.',
  },
  {
    title: 'Search that understands n8n',
    text: 'Find workflows by integration, trigger, category or a plain description.',
  },
  {
    title: 'Deploy to your own n8n',
    text: 'Send a workflow straight to your instance through its public API, cleaned so n8n accepts it.',
  },
  {
    title: 'Preview before you import',
    text: 'See every node and connection on an interactive canvas before it touches your instance.',
  },
] as const;

const STEPS = [
  'Create your account and pay once through PayPal.',
  'Search the library and open any workflow to preview it.',
  'Copy, download, or deploy it to your n8n instance with your API key.',
] as const;

export function HomePage() {
  return (
    <main>
      <section className="mx-auto max-w-6xl px-4 py-20 text-center">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          The n8n workflow library you deploy in a click
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-400">
          Flowvault collects ready-made n8n workflow templates, lets you preview them, and deploys them
          straight into your own n8n instance. One payment, lifetime access.
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <Button asChild size="lg">
            <Link to="/auth">Get Instant Access Now</Link>
          </Button>
        </div>
      </section>

      <section id="features" aria-labelledby="features-title" className="bg-slate-50 py-16 dark:bg-slate-900">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="features-title" className="text-3xl font-bold">
            Features
          </h2>
          <ul className="mt-8 grid gap-6 sm:grid-cols-2">
            {FEATURES.map((f) => (
              <li
                key={f.title}
                className="rounded-xl border border-slate-200 bg-white p-6 dark:border-slate-800 dark:bg-slate-950"
              >
                <h3 className="font-semibold">{f.title}</h3>
                <p className="mt-2 text-slate-600 dark:text-slate-400">{f.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="workflows" aria-labelledby="workflows-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="workflows-title" className="text-3xl font-bold">
          Workflows
        </h2>
        <p className="mt-4 max-w-2xl text-slate-600 dark:text-slate-400">
          Every template is real n8n JSON with its own nodes and connections, grouped into categories such as
          AI &amp; Automation, Data Processing, Content Creation and Integrations.
        </p>
        <Button asChild variant="outline" className="mt-6">
          <Link to="/auth">View Premium Library</Link>
        </Button>
      </section>

      <section id="pricing" aria-labelledby="pricing-title" className="bg-slate-50 py-16 dark:bg-slate-900">
        <div className="mx-auto max-w-6xl px-4">
          <h2 id="pricing-title" className="text-3xl font-bold">
            Pricing
          </h2>
          <div className="mt-8 max-w-sm rounded-2xl border border-slate-200 bg-white p-8 dark:border-slate-800 dark:bg-slate-950">
            <p className="font-semibold">Lifetime Access</p>
            <p className="mt-4 flex items-baseline gap-3">
              <span className="text-5xl font-bold">$35</span>
              <span className="text-slate-500 line-through dark:text-slate-400">$95</span>
            </p>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              One-time payment. No recurring fees.
            </p>
            <Button asChild size="lg" className="mt-6 w-full">
              <Link to="/auth">Get Premium Access</Link>
            </Button>
          </div>
        </div>
      </section>

      <section id="docs" aria-labelledby="docs-title" className="mx-auto max-w-6xl px-4 py-16">
        <h2 id="docs-title" className="text-3xl font-bold">
          How it works
        </h2>
        <ol className="mt-6 space-y-3">
          {STEPS.map((step) => (
            <li key={step} className="flex gap-3">
              <Check
                aria-hidden="true"
                className="mt-0.5 h-5 w-5 shrink-0 text-brand-600 dark:text-brand-500"
              />
              <span>{step}</span>
            </li>
          ))}
        </ol>
      </section>
    </main>
  );
}

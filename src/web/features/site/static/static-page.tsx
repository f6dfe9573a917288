import pages from 'virtual:flowvault/legal';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import type { ComponentType } from 'react';
import { site } from '#web/features/site/site-content.ts';
import { ContactForm } from './contact-form.tsx';

function ContactDetails() {
  const c = site.contact;
  return (
    <section aria-labelledby="details-title" className="space-y-4">
      <h2 id="details-title" className="text-xl font-semibold">
        Contact details
      </h2>
      <p className="flex gap-2">
        <Mail aria-hidden="true" className="mt-1 h-4 w-4 shrink-0" />
        <a href={`mailto:${c.email}`} className="font-medium text-brand-700 underline dark:text-brand-100">
          {c.email}
        </a>
      </p>
      <p className="flex gap-2">
        <Phone aria-hidden="true" className="mt-1 h-4 w-4 shrink-0" />
        {c.phone}
      </p>
      <p className="flex gap-2">
        <MapPin aria-hidden="true" className="mt-1 h-4 w-4 shrink-0" />
        {c.address}
      </p>
      <div className="flex gap-2">
        <Clock aria-hidden="true" className="mt-1 h-4 w-4 shrink-0" />
        <div>
          <p className="font-medium">Business hours</p>
          <ul className="text-slate-700 dark:text-slate-300">
            {c.businessHours.map((h) => (
              <li key={h}>{h}</li>
            ))}
          </ul>
        </div>
      </div>
      <ul className="text-sm text-slate-600 dark:text-slate-400">
        {c.responseTimes.map((r) => (
          <li key={r}>{r}</li>
        ))}
      </ul>
    </section>
  );
}

function StaticPage({ id }: { id: string }) {
  const page = pages[id];
  if (!page) throw new Error(`No static page "${id}" in content/pages`);
  return (
    <main className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold tracking-tight">{page.title}</h1>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
        {page.version && `Version ${page.version} · `}Last updated {page.lastUpdated}
      </p>
      <div
        className="fv-prose mt-6"
        // biome-ignore lint/security/noDangerouslySetInnerHtml: our own Markdown, compiled at build time
        dangerouslySetInnerHTML={{ __html: page.html }}
      />
      {id === 'contact-us' && (
        <div className="mt-10 grid gap-10 md:grid-cols-2">
          <ContactDetails />
          <section aria-labelledby="form-title">
            <h2 id="form-title" className="mb-4 text-xl font-semibold">
              Send us a message
            </h2>
            <ContactForm />
          </section>
        </div>
      )}
    </main>
  );
}

const components = new Map<string, ComponentType>();
/** One stable component per static page id (the router keeps it across renders). */
export function staticPageFor(id: string): ComponentType {
  let component = components.get(id);
  if (!component) {
    component = () => <StaticPage id={id} />;
    components.set(id, component);
  }
  return component;
}

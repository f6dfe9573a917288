import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { StaticHtml } from '#web/components/static-html.tsx';
import { site } from '#web/features/site/site-content.ts';
import { ContactForm } from './contact-form.tsx';
import { StaticPage } from './static-page.tsx';

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

/** Contact Us: the page's text, the contact details and the form (its own chunk: only it needs toasts). */
export function ContactUsPage() {
  return (
    <StaticPage id="contact-us">
      <div className="mt-10 grid gap-10 md:grid-cols-2">
        <StaticHtml>
          <ContactDetails />
        </StaticHtml>
        <section aria-labelledby="form-title">
          <h2 id="form-title" className="mb-4 text-xl font-semibold">
            Send us a message
          </h2>
          <ContactForm />
        </section>
      </div>
    </StaticPage>
  );
}

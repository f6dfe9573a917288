import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldClass } from '#web/components/ui/field.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { bindValue } from '#web/lib/bind-value.ts';
import { useTypedBeforeHydration } from '#web/lib/typed-before-hydration.ts';

const EMPTY = { name: '', email: '', message: '', website: '' };

/** The one-line fields, each required (the message below them is a textarea). */
const LINES = [
  { key: 'name', label: 'Your Name', maxLength: 100, autoComplete: 'name' },
  { key: 'email', label: 'Email Address', type: 'email', maxLength: 254, autoComplete: 'email' },
] as const;

export function ContactForm() {
  const [form, setForm] = useState(EMPTY);
  const [sending, setSending] = useState(false);
  const adopt = (k: keyof typeof EMPTY) => (value: string) => setForm((f) => ({ ...f, [k]: value }));
  const bound = (k: keyof typeof EMPTY) => bindValue(form[k], adopt(k));
  const element = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(element, {
    name: adopt('name'),
    email: adopt('email'),
    message: adopt('message'),
    website: adopt('website'),
  });
  return (
    <form
      ref={element}
      aria-label="Contact form"
      className="space-y-4"
      onSubmit={async (e) => {
        e.preventDefault();
        setSending(true);
        try {
          await unwrap(await api.contact.$post({ json: form }));
          toast.success('Message Sent', {
            description: "Thank you for your message. We'll get back to you soon!",
          });
          setForm(EMPTY);
        } catch (err) {
          toast.error('Message not sent', {
            description: err instanceof Error ? err.message : 'Please try again in a moment.',
          });
        } finally {
          setSending(false);
        }
      }}
    >
      {LINES.map(({ key, ...line }) => (
        <Field key={key} id={`contact-${key}`} name={key} required {...bound(key)} {...line} />
      ))}
      <div>
        <label htmlFor="contact-message" className="block text-sm font-medium">
          Message
        </label>
        <textarea
          id="contact-message"
          name="message"
          required
          rows={5}
          maxLength={5000}
          {...bound('message')}
          className={`mt-1.5 ${fieldClass}`}
        />
      </div>
      {/* Honeypot: invisible to people, filled in by bots; the server drops such messages. */}
      <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
        <label htmlFor="contact-website">Website</label>
        <input id="contact-website" name="website" tabIndex={-1} autoComplete="off" {...bound('website')} />
      </div>
      <Button type="submit" size="lg" disabled={sending}>
        Send Message
      </Button>
    </form>
  );
}

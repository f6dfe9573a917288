import { CheckCircle2, Mail } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { CardSection } from '#web/components/ui/card.tsx';
import { inputClass } from '#web/components/ui/input.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { bindValue } from '#web/lib/bind-value.ts';
import { useTypedBeforeHydration } from '#web/lib/typed-before-hydration.ts';

type Status = 'idle' | 'submitting' | 'subscribed' | 'error';

/** Double opt-in signup: 'Subscribing...' → 'Successfully Subscribed!'; the confirm link arrives by mail. */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState('');
  const form = useRef<HTMLFormElement>(null);
  useTypedBeforeHydration(form, { email: setEmail });
  return (
    <CardSection id="newsletter-title" icon={Mail} title="Get automation insights by email" tone="muted">
      {status === 'subscribed' ? (
        <div role="status" className="mt-4">
          <p className="flex items-center gap-2 font-semibold text-emerald-700 dark:text-emerald-400">
            <CheckCircle2 aria-hidden="true" className="h-5 w-5" />
            Successfully Subscribed!
          </p>
          <p className="mt-1 text-slate-600 dark:text-slate-400">
            You'll receive our latest automation insights and exclusive workflow templates.
          </p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Please confirm with the link we just sent to your inbox.
          </p>
        </div>
      ) : (
        <form
          ref={form}
          className="mt-4 flex flex-col gap-3 sm:flex-row"
          onSubmit={async (e) => {
            e.preventDefault();
            const value = email.trim();
            if (!value || status === 'submitting') return;
            setStatus('submitting');
            setError('');
            try {
              await unwrap(await api.newsletter.subscribe.$post({ json: { email: value } }));
              setEmail('');
              setStatus('subscribed');
            } catch (err) {
              setError(err instanceof Error ? err.message : 'Something went wrong. Please try again.');
              setStatus('error');
            }
          }}
        >
          <label htmlFor="newsletter-email" className="sr-only">
            Email address
          </label>
          <input
            id="newsletter-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            placeholder="you@example.com"
            {...bindValue(email, setEmail)}
            className={`sm:flex-1 ${inputClass}`}
          />
          <Button type="submit" disabled={status === 'submitting'}>
            {status === 'submitting' ? 'Subscribing...' : 'Subscribe'}
          </Button>
        </form>
      )}
      {status === 'error' && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      )}
    </CardSection>
  );
}

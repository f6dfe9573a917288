import { useEffect, useState } from 'react';
import { api, unwrap } from '#web/lib/api.ts';
import { Link, useNavigation } from '#web/lib/navigation.tsx';

type Run = { status: 'idle' | 'pending' | 'success' } | { status: 'error'; message: string };

/** Target of the links in newsletter mails: ?action=confirm|unsubscribe&token=… (POSTed, never on GET). */
export function NewsletterPage() {
  const params = new URLSearchParams(useNavigation().search);
  const action = params.get('action');
  const token = params.get('token') ?? '';
  const [run, setRun] = useState<Run>({ status: 'idle' });
  useEffect(() => {
    if ((action !== 'confirm' && action !== 'unsubscribe') || !token) return;
    let live = true;
    setRun({ status: 'pending' });
    const send = async () =>
      action === 'unsubscribe'
        ? unwrap(await api.newsletter.unsubscribe.$post({ json: { token } }))
        : unwrap(await api.newsletter.confirm.$post({ json: { token } }));
    send().then(
      () => live && setRun({ status: 'success' }),
      (error: Error) => live && setRun({ status: 'error', message: error.message }),
    );
    return () => {
      live = false;
    };
  }, [action, token]);

  let title = 'Newsletter';
  let text = 'Open the link from your email to confirm or cancel your subscription.';
  if (run.status === 'pending') text = 'Working on it...';
  if (run.status === 'success') {
    title = action === 'unsubscribe' ? 'Unsubscribed' : 'Subscription confirmed';
    text =
      action === 'unsubscribe'
        ? 'You will not receive the Flowvault newsletter any more.'
        : "You'll receive our latest automation insights and exclusive workflow templates.";
  }
  if (run.status === 'error') {
    title = 'Link not valid';
    text = run.message;
  }
  return (
    <main className="mx-auto flex min-h-[50vh] max-w-xl flex-col justify-center px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p role="status" className="mt-4 text-slate-600 dark:text-slate-400">
        {text}
      </p>
      <Link to="/blog" className="mt-6 font-medium text-brand-700 underline dark:text-brand-100">
        Read the blog
      </Link>
    </main>
  );
}

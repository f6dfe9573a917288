import { useEffect, useState } from 'react';
import { api, unwrap } from '#web/lib/api.ts';
import { Link, useNavigation } from '#web/lib/navigation.tsx';

type Run =
  | { status: 'idle' | 'pending' }
  | { status: 'success'; already: boolean }
  | { status: 'error'; message: string };

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
    /** Whether the link had already done its work (a second click on a confirm link). */
    const send = async (): Promise<boolean> => {
      if (action === 'unsubscribe') {
        await unwrap(await api.newsletter.unsubscribe.$post({ json: { token } }));
        return false;
      }
      const { status } = await unwrap(await api.newsletter.confirm.$post({ json: { token } }));
      return status === 'already-confirmed';
    };
    send().then(
      (already) => live && setRun({ status: 'success', already }),
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
    // A second click on the confirm link: it worked the first time (issue 43), not "Link not valid".
    title =
      action === 'unsubscribe'
        ? 'Unsubscribed'
        : run.already
          ? 'Already confirmed'
          : 'Subscription confirmed';
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

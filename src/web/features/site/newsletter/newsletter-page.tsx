import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { api, unwrap } from '#web/lib/api.ts';

/** Target of the links in newsletter mails: ?action=confirm|unsubscribe&token=… (POSTed, never on GET). */
export function NewsletterPage() {
  const [params] = useSearchParams();
  const action = params.get('action');
  const token = params.get('token') ?? '';
  const run = useMutation({
    mutationFn: async () =>
      action === 'unsubscribe'
        ? unwrap(await api.newsletter.unsubscribe.$post({ json: { token } }))
        : unwrap(await api.newsletter.confirm.$post({ json: { token } })),
  });
  const { mutate } = run;
  useEffect(() => {
    if ((action === 'confirm' || action === 'unsubscribe') && token) mutate();
  }, [action, token, mutate]);

  let title = 'Newsletter';
  let text = 'Open the link from your email to confirm or cancel your subscription.';
  if (run.isPending) text = 'Working on it...';
  if (run.isSuccess) {
    title = action === 'unsubscribe' ? 'Unsubscribed' : 'Subscription confirmed';
    text =
      action === 'unsubscribe'
        ? 'You will not receive the Flowvault newsletter any more.'
        : "You'll receive our latest automation insights and exclusive workflow templates.";
  }
  if (run.isError) {
    title = 'Link not valid';
    text = run.error.message;
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

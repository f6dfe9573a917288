import { Copy } from 'lucide-react';
import { toast } from 'sonner';
import type { N8nWebhookUrl } from '#shared/schemas/n8n.ts';
import { Button } from '#web/components/ui/button.tsx';

async function copy(url: string) {
  try {
    await navigator.clipboard.writeText(url);
    toast.success('URL copied', { description: url });
  } catch {
    toast.error('Could not copy the URL', { description: 'Select it and copy it by hand.' });
  }
}

function UrlRow({ node, label, url }: { node: string; label: string; url: string }) {
  return (
    <div className="flex min-w-0 items-center gap-2">
      <dt className="w-20 shrink-0 text-xs text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className="min-w-0 flex-1 break-all font-mono text-xs">{url}</dd>
      <Button
        variant="ghost"
        size="sm"
        onClick={() => void copy(url)}
        aria-label={`Copy the ${label.toLowerCase()} URL of ${node}`}
      >
        <Copy aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}

/**
 * The URLs n8n listens on for this copy's Webhook nodes (each deployment has its own paths): the
 * production URL once the workflow is active, the test URL while "Listen for test event" runs.
 */
export function WebhookUrls({
  webhooks,
  label = 'Webhook URLs',
  heading = true,
}: {
  webhooks: N8nWebhookUrl[];
  /** The region's accessible name (one per deployment when several are listed). */
  label?: string;
  /** Off where a surrounding summary already names the list. */
  heading?: boolean;
}) {
  if (webhooks.length === 0) return null;
  return (
    <section aria-label={label} className="space-y-2">
      {heading && <h3 className="font-semibold">{label}</h3>}
      <p className="text-sm text-slate-600 dark:text-slate-400">
        This copy has paths of its own. The production URL answers once the workflow is active in n8n; the
        test URL while n8n listens for a test event.
      </p>
      <ul className="space-y-3">
        {webhooks.map((hook) => (
          <li
            key={`${hook.node}:${hook.productionUrl}`}
            className="rounded-lg border border-slate-200 p-3 dark:border-slate-700"
          >
            <p className="text-sm font-medium">
              {hook.node} <span className="font-mono text-xs font-normal">{hook.method}</span>
            </p>
            <dl className="mt-1 space-y-1">
              <UrlRow node={hook.node} label="Production" url={hook.productionUrl} />
              <UrlRow node={hook.node} label="Test" url={hook.testUrl} />
            </dl>
          </li>
        ))}
      </ul>
    </section>
  );
}

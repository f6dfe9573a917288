import { toast } from 'sonner';
import { N8N_TEXT } from '#shared/schemas/n8n.ts';
import { Button } from '#web/components/ui/button.tsx';
import { saveFile } from '#web/lib/save-file.ts';

// When a deployment fails: the same cleaned JSON, imported by hand in the member's own browser.

export type Fallback = {
  message: string;
  payload: Record<string, unknown> | null;
  newWorkflowUrl: string;
  copied: boolean;
};

/** Copies the cleaned JSON and opens the instance's new-workflow page (the browser fallback). */
export async function runBrowserFallback(
  payload: Record<string, unknown>,
  newWorkflowUrl: string,
): Promise<boolean> {
  let copied = false;
  try {
    await navigator.clipboard.writeText(JSON.stringify(payload, null, 2));
    copied = true;
  } catch {
    copied = false;
  }
  window.open(newWorkflowUrl, '_blank', 'noopener,noreferrer');
  return copied;
}

function downloadJson(payload: Record<string, unknown>, name: string) {
  saveFile(
    new Blob([JSON.stringify(payload, null, 2)], { type: 'application/json' }),
    `${name.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'workflow'}.json`,
  );
}

/** The failure and the steps to import the workflow by hand (copy or download, paste, credentials). */
export function FallbackSteps({
  fallback,
  automationTitle,
  onCopied,
}: {
  fallback: Fallback;
  automationTitle: string;
  onCopied: (copied: boolean) => void;
}) {
  return (
    <div className="space-y-3">
      <div role="alert" className="space-y-1">
        <p className="font-medium">{N8N_TEXT.deployFailedTitle}</p>
        <p className="break-words text-sm text-red-700 dark:text-red-400">{fallback.message}</p>
      </div>
      {fallback.payload && fallback.newWorkflowUrl ? (
        <>
          <h3 className="font-semibold">Import it in your browser instead</h3>
          <ol className="list-decimal space-y-1 pl-5 text-sm">
            <li>
              {fallback.copied
                ? 'The cleaned workflow JSON is on your clipboard.'
                : 'Copy the cleaned workflow JSON with the button below.'}
            </li>
            <li>
              In the n8n tab that opened (or{' '}
              <a
                href={fallback.newWorkflowUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="text-brand-700 underline dark:text-brand-400"
              >
                open a new workflow
              </a>
              ), click the empty canvas and paste (Ctrl+V, or ⌘V on a Mac) — or use the ⋯ menu → Import from
              File with the downloaded JSON.
            </li>
            <li>Set up the credentials listed in the preflight report and pick them in the nodes.</li>
            <li>Save the workflow, then activate it.</li>
          </ol>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="outline"
              onClick={async () => {
                const copied = await runBrowserFallback(fallback.payload!, fallback.newWorkflowUrl);
                onCopied(copied);
                if (copied) toast.success('Copied to clipboard');
              }}
            >
              Copy JSON and open n8n again
            </Button>
            <Button variant="outline" onClick={() => downloadJson(fallback.payload!, automationTitle)}>
              Download JSON
            </Button>
          </div>
        </>
      ) : null}
    </div>
  );
}

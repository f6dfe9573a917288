import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { Copy, Download, ExternalLink, Heart, Rocket } from 'lucide-react';
import { toast } from 'sonner';
import { checkTemplateUrl, workflowFileName } from '#shared/catalog/resource-url.ts';
import type { AutomationDetail } from '#shared/schemas/catalog.ts';
import { Button } from '#web/components/ui/button.tsx';
import { recordEvent, useSavedIds, useToggleSave } from '#web/features/library/library-api.ts';
import { cn } from '#web/lib/cn.ts';
import { saveFile } from '#web/lib/save-file.ts';

// What a member does with an automation: copy, download, deploy, or open its template.

export const NO_JSON =
  "This automation doesn't have a downloadable JSON workflow yet. Use the template URL instead.";
export const BLOCKED_JSON =
  'the workflow cannot run in n8n as it is (the reasons are below). Its canvas shows every node and setting.';

/** The workflow as copied and downloaded; null when there is none to give. */
export function workflowText(a: AutomationDetail): string | null {
  return a.deployable && a.workflowJson ? JSON.stringify(a.workflowJson, null, 2) : null;
}

/**
 * The page's own counter moves with the member's copy or download at once (issue 43: it moved only
 * after a reload). The server counts the event too; the page's next refresh brings its figure.
 */
function countOnPage(qc: QueryClient, a: AutomationDetail, kind: 'copies' | 'downloads') {
  qc.setQueryData<AutomationDetail>(['catalog', 'automation', a.id], (d) =>
    d ? { ...d, usage: { ...d.usage, [kind]: d.usage[kind] + 1 } } : d,
  );
}

async function copyJson(a: AutomationDetail, qc: QueryClient) {
  const text = workflowText(a);
  if (!text) {
    toast.error('No JSON available', { description: NO_JSON });
    return;
  }
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copied to clipboard', { description: 'Workflow copied!' });
    recordEvent({ automationId: a.id, kind: 'copy' });
    countOnPage(qc, a, 'copies');
  } catch {
    toast.error('Error', { description: 'Your browser did not allow copying. Use Download instead.' });
  }
}

function downloadJson(a: AutomationDetail, qc: QueryClient) {
  const text = workflowText(a);
  if (!text) {
    toast.error('No JSON available', { description: NO_JSON });
    return;
  }
  const fileName = workflowFileName(a.title);
  saveFile(new Blob([text], { type: 'application/json' }), fileName);
  toast.success('Download started', { description: fileName });
  recordEvent({ automationId: a.id, kind: 'download' });
  countOnPage(qc, a, 'downloads');
}

export function openTemplate(url: string) {
  const check = checkTemplateUrl(url);
  if (!check.ok) {
    toast.error(check.title, { description: check.message });
    return;
  }
  window.open(check.url, '_blank', 'noopener,noreferrer');
}

/** Copy JSON, Download and Deploy in n8n, or Get Template for a template-only item. */
export function Actions({ a, onDeploy }: { a: AutomationDetail; onDeploy: () => void }) {
  const qc = useQueryClient();
  if (workflowText(a)) {
    return (
      <>
        <Button onClick={() => void copyJson(a, qc)}>
          <Copy aria-hidden="true" className="h-4 w-4" />
          Copy JSON
        </Button>
        <Button variant="outline" onClick={() => downloadJson(a, qc)}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Download
        </Button>
        <Button variant="outline" onClick={onDeploy}>
          <Rocket aria-hidden="true" className="h-4 w-4" />
          Deploy in n8n
        </Button>
      </>
    );
  }
  if (a.templateUrl) {
    const url = a.templateUrl;
    return (
      <Button onClick={() => openTemplate(url)}>
        <ExternalLink aria-hidden="true" className="h-4 w-4" />
        Get Template
      </Button>
    );
  }
  return null;
}

/** The detail page's heart: the same collection as the search cards' (issue 43: only they had one). */
export function SaveToCollection({ a }: { a: AutomationDetail }) {
  const saved = useSavedIds().has(a.id);
  const toggle = useToggleSave();
  return (
    <Button variant="outline" disabled={toggle.isPending} onClick={() => toggle.mutate({ card: a, saved })}>
      <Heart aria-hidden="true" className={cn('h-4 w-4', saved && 'fill-rose-500 text-rose-500')} />
      {saved ? 'Saved to collection' : 'Save to collection'}
    </Button>
  );
}

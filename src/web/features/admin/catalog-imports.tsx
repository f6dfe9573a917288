import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import type { CatalogImport, ImportSummary } from '#shared/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { ApiError, api, unwrap } from '#web/lib/api.ts';

// The catalogue console's uploads: the form, the live progress of an import, its summary and the history.

const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;

/** Sends the chosen files as one multipart upload (the typed client has no multipart file lists). */
async function uploadFiles(files: File[]): Promise<CatalogImport> {
  const form = new FormData();
  for (const f of files) form.append('files', f, f.name);
  const res = await fetch('/api/admin/catalog/imports', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  if (res.ok) return (await res.json()) as CatalogImport;
  throw new ApiError(res.status, await res.json().catch(() => undefined));
}

/** The files an import skipped and why: under the summary, and in the history after a reload. */
function SkippedFiles({ skipped }: { skipped: ImportSummary['skipped'] }) {
  if (skipped.length === 0) return null;
  return (
    <details className="mt-1 text-sm">
      <summary>Skipped files and why ({skipped.length})</summary>
      <ul className="mt-2 list-disc pl-5">
        {skipped.slice(0, 200).map((s) => (
          <li key={s.path} className="break-words">
            <span className="font-mono">{s.path}</span>: {s.reason}
          </li>
        ))}
      </ul>
    </details>
  );
}

function Summary({ summary }: { summary: ImportSummary }) {
  const rows: [string, number | string][] = [
    ['Files handled', summary.filesHandled],
    ['Imported', summary.imported],
    ['Updated', summary.updated],
    ['Unchanged', summary.unchanged],
    ['Skipped', summary.skipped.length],
    ['Template only', summary.templateOnly],
    ['Published in the catalogue', summary.total],
    ['Duration', `${(summary.durationMs / 1000).toFixed(1)} s`],
  ];
  return (
    <section aria-label="Import summary" className="mt-4">
      <h3 className="font-semibold">Import summary</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-4">
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <SkippedFiles skipped={summary.skipped} />
      {(summary.flagged?.length ?? 0) > 0 && (
        <details className="mt-3 text-sm">
          <summary>Imported with quality flags ({summary.flagged!.length})</summary>
          <ul className="mt-2 list-disc pl-5">
            {summary.flagged!.slice(0, 200).map((f) => (
              <li key={f.id}>
                <span className="font-mono">{f.path}</span>: {f.flags.join('; ')}
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** Follows one import over SSE (its progress from the server's event bus) until it is done or failed. */
function ImportProgress({ initial, onFinished }: { initial: CatalogImport; onFinished: () => void }) {
  const [row, setRow] = useState(initial);
  useEffect(() => {
    const source = new EventSource(`/api/admin/catalog/imports/${initial.id}/events`);
    source.addEventListener('progress', (event) => {
      const next = JSON.parse((event as MessageEvent<string>).data) as CatalogImport;
      setRow(next);
      if (next.status === 'done' || next.status === 'failed') {
        source.close();
        onFinished();
      }
    });
    return () => source.close();
  }, [initial.id, onFinished]);

  const percent = row.total > 0 ? Math.round((row.done / row.total) * 100) : 0;
  return (
    <div className={`${cardClass()} mt-4`} aria-live="polite">
      <p className="font-medium">
        {row.fileName}:{' '}
        {row.status === 'queued'
          ? 'waiting for the previous import'
          : row.status === 'running'
            ? `importing ${row.done} of ${row.total} files`
            : row.status === 'done'
              ? 'import finished'
              : 'import failed'}
      </p>
      <progress
        className="mt-2 h-3 w-full"
        max={100}
        value={row.status === 'done' ? 100 : percent}
        aria-label="Import progress"
      >
        {percent}%
      </progress>
      {row.status === 'failed' && (
        <p role="alert" className="mt-2 text-red-700 dark:text-red-400">
          {row.error}
        </p>
      )}
      {row.summary && <Summary summary={row.summary} />}
    </div>
  );
}

const useImportHistory = () =>
  useQuery({
    queryKey: ['admin', 'catalog-imports'],
    queryFn: async () => unwrap(await api.admin.catalog.imports.$get()),
  });

export function UploadSection() {
  const queryClient = useQueryClient();
  const inputId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [active, setActive] = useState<CatalogImport | null>(null);
  const upload = useMutation({
    mutationFn: uploadFiles,
    onSuccess: (row) => {
      setActive(row);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'catalog-imports'] });
    },
    onError: (error) => toast.error('Upload failed', { description: error.message }),
  });
  const [onFinished] = useState(() => () => {
    void queryClient.invalidateQueries({ queryKey: ['admin', 'catalog-imports'] });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'catalog-items'] });
  });
  // After a reload, an import still queued or running is followed again from its stream.
  const history = useImportHistory();
  const unfinished = history.data?.find((h) => h.status === 'queued' || h.status === 'running');
  useEffect(() => {
    if (unfinished) setActive((current) => current ?? unfinished);
  }, [unfinished]);
  const size = files.reduce((sum, f) => sum + f.size, 0);
  const tooBig = size > MAX_UPLOAD_BYTES;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (files.length === 0 || tooBig) return;
    upload.mutate(files);
  }

  return (
    <section aria-labelledby={`${inputId}-h`} className={cardClass()}>
      <h2 id={`${inputId}-h`} className="text-lg font-semibold">
        Import workflows
      </h2>
      <form onSubmit={onSubmit} className="mt-3 flex flex-wrap items-end gap-3">
        <div className="flex-1">
          <label htmlFor={inputId} className="text-sm font-medium">
            A ZIP, workflow .json files or a manifest (up to 50 MB)
          </label>
          <input
            id={inputId}
            className="mt-1 block w-full text-sm"
            type="file"
            multiple
            accept=".zip,.json,.csv"
            onChange={(e) => setFiles([...(e.target.files ?? [])])}
          />
        </div>
        <Button type="submit" disabled={files.length === 0 || tooBig || upload.isPending}>
          {upload.isPending ? 'Uploading...' : 'Upload and import'}
        </Button>
      </form>
      {tooBig && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          These files come to {(size / 1024 / 1024).toFixed(1)} MB: the limit is 50 MB.
        </p>
      )}
      {active && <ImportProgress key={active.id} initial={active} onFinished={onFinished} />}
    </section>
  );
}

export function ImportHistory() {
  const history = useImportHistory();
  return (
    <section aria-label="Import history" className="mt-8">
      <h2 className="text-lg font-semibold">Import history</h2>
      {history.isPending && <Spinner label="Loading imports..." />}
      {history.data && history.data.length === 0 && <p className="mt-2 text-sm">No import yet.</p>}
      {history.data && history.data.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm">
          {history.data.map((h) => (
            <li key={h.id}>
              <time dateTime={h.createdAt}>{new Date(h.createdAt).toLocaleString()}</time> · {h.fileName} ·{' '}
              {h.actorEmail} · {h.status}
              {h.summary &&
                ` · ${h.summary.imported} imported, ${h.summary.updated} updated, ${h.summary.unchanged} unchanged, ${h.summary.skipped.length} skipped`}
              {h.error && ` · ${h.error}`}
              {h.summary && <SkippedFiles skipped={h.summary.skipped} />}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import type { TemplateVersionEdit, TemplateVersionView } from '#shared/schemas/template-versions.ts';
import { Button } from '#web/components/ui/button.tsx';
import { inputClass } from '#web/components/ui/input.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { bindValue } from '#web/lib/bind-value.ts';

// The operator's control over template versions (decision 0025): each version's changelog, a note for
// members, and publish (members are told "Update available") or hold (they are not).

const versionsKey = (id: string) => ['admin', 'template-versions', id] as const;

function VersionRow({ automationId, v }: { automationId: string; v: TemplateVersionView }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [note, setNote] = useState(v.note ?? '');
  const save = useMutation({
    mutationFn: async (edit: TemplateVersionEdit) =>
      unwrap(
        await api.admin.catalog.items[':id'].versions[':version'].$patch({
          param: { id: automationId, version: String(v.version) },
          json: edit,
        }),
      ),
    onSuccess: (row) => {
      toast.success(`Version ${row.version} ${row.status === 'held' ? 'held' : 'published'}`);
      void queryClient.invalidateQueries({ queryKey: versionsKey(automationId) });
    },
    onError: (error) => toast.error('Error', { description: error.message }),
  });
  return (
    <li className="space-y-2 py-3">
      <p className="flex flex-wrap items-center gap-2 text-sm">
        <span className="font-medium">Version {v.version}</span>
        <span className="text-slate-600 dark:text-slate-400">
          {new Date(v.createdAt).toLocaleString()} · {v.status}
        </span>
      </p>
      {v.changelog.length > 0 ? (
        <ul className="list-disc pl-5 text-sm">
          {v.changelog.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a version's changelog is fixed; lines may repeat.
            <li key={i}>{line}</li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">First version in the library.</p>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ note });
        }}
      >
        <label htmlFor={`${id}-note`} className="sr-only">
          Note for members on version {v.version}
        </label>
        <input
          id={`${id}-note`}
          className={`${inputClass} min-w-0 flex-1`}
          placeholder="Note for members (optional)"
          maxLength={1000}
          {...bindValue(note, setNote)}
        />
        <Button size="sm" variant="outline" type="submit" disabled={save.isPending}>
          Save note
        </Button>
        {v.version > 1 && (
          <Button
            size="sm"
            variant="outline"
            disabled={save.isPending}
            onClick={() => save.mutate({ status: v.status === 'held' ? 'published' : 'held' })}
            aria-label={`${v.status === 'held' ? 'Publish' : 'Hold'} version ${v.version}`}
          >
            {v.status === 'held' ? 'Publish' : 'Hold'}
          </Button>
        )}
      </form>
    </li>
  );
}

/** Every version of one template, newest first, with the note and publish/hold controls. */
export function TemplateVersionsPanel({ automationId }: { automationId: string }) {
  const { data, isPending, error } = useQuery({
    queryKey: versionsKey(automationId),
    queryFn: async () =>
      (await unwrap(await api.admin.catalog.items[':id'].versions.$get({ param: { id: automationId } })))
        .items as TemplateVersionView[],
  });
  if (isPending) return <p className="mt-3 text-sm">Loading versions…</p>;
  if (error) return <p className="mt-3 text-sm text-red-700 dark:text-red-400">{error.message}</p>;
  if (data.length === 0)
    return (
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        No versions: this item has no workflow.
      </p>
    );
  return (
    <ol aria-label="Versions" className="mt-3 divide-y divide-slate-200 dark:divide-slate-800">
      {data.map((v) => (
        <VersionRow key={`${v.version}-${v.status}-${v.note ?? ''}`} automationId={automationId} v={v} />
      ))}
    </ol>
  );
}

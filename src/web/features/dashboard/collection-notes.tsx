import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Pencil } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { toast } from 'sonner';
import type { CollectionItem } from '#shared/schemas/library.ts';
import { Button } from '#web/components/ui/button.tsx';
import { libraryKeys } from '#web/features/library/library-api.ts';
import { api, unwrap } from '#web/lib/api.ts';

/** The saved row's own name and notes (beyond the spec), edited in place under its card. */
export function CollectionNotes({ item }: { item: CollectionItem }) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(item.name);
  const [notes, setNotes] = useState(item.notes);
  const ids = useId();
  const qc = useQueryClient();
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.library.collections[':automationId'].$patch({
          param: { automationId: item.automationId },
          json: { name, notes },
        }),
      ),
    onSuccess: () => {
      toast.success('Collection updated');
      setEditing(false);
      void qc.invalidateQueries({ queryKey: libraryKeys.collections });
    },
    onError: (e) => toast.error('Error', { description: e.message }),
  });

  if (!editing) {
    return (
      <div className="flex items-start justify-between gap-2 px-1 pt-2 text-sm">
        <div className="min-w-0">
          {item.name && <p className="font-medium">{item.name}</p>}
          {item.notes && (
            <p className="whitespace-pre-line text-slate-600 dark:text-slate-400">{item.notes}</p>
          )}
        </div>
        <Button
          variant="ghost"
          size="sm"
          aria-label={`Edit name and notes for ${item.card.title}`}
          onClick={() => {
            setName(item.name);
            setNotes(item.notes);
            setEditing(true);
          }}
        >
          <Pencil aria-hidden="true" className="h-4 w-4" />
          Notes
        </Button>
      </div>
    );
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} className="space-y-2 px-1 pt-2 text-sm">
      <div>
        <label htmlFor={`${ids}-name`} className="font-medium">
          Name
        </label>
        <input
          id={`${ids}-name`}
          value={name}
          maxLength={120}
          onChange={(e) => setName(e.target.value)}
          className="mt-1 h-9 w-full rounded-lg border border-slate-300 bg-white px-2 dark:border-slate-700 dark:bg-slate-900"
        />
      </div>
      <div>
        <label htmlFor={`${ids}-notes`} className="font-medium">
          Notes
        </label>
        <textarea
          id={`${ids}-notes`}
          value={notes}
          maxLength={2000}
          rows={3}
          onChange={(e) => setNotes(e.target.value)}
          className="mt-1 w-full rounded-lg border border-slate-300 bg-white p-2 dark:border-slate-700 dark:bg-slate-900"
        />
      </div>
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save
        </Button>
        <Button type="button" variant="ghost" size="sm" onClick={() => setEditing(false)}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

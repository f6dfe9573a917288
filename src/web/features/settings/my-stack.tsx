import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { FindIntegrationBox, IntegrationChip } from '#web/components/integration-chips.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { useIntegrations } from '#web/features/library/library-api.ts';
import { api, unwrap } from '#web/lib/api.ts';

// "My stack": the integrations a member uses, saved on the server (Settings → My Stack, and the quick
// picker in Search); other tabs refresh it through the live sync.

export const stackKey = ['catalog', 'stack'] as const;

export function useStack() {
  return useQuery({
    queryKey: stackKey,
    queryFn: async () => (await unwrap(await api.catalog.stack.$get())) as { stack: string[] },
    staleTime: 60_000,
  });
}

export function useSaveStack() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (stack: string[]) =>
      (await unwrap(await api.catalog.stack.$put({ json: { stack } }))) as { stack: string[] },
    onSuccess: (data) => {
      qc.setQueryData(stackKey, data);
      toast.success('Stack saved', { description: `${data.stack.length} integrations in your stack.` });
    },
  });
}

/** Pick the integrations you use: the library's apps, most used first, with a box to find one. */
export function StackEditor() {
  const ids = useId();
  const stack = useStack();
  const all = useIntegrations(true);
  const save = useSaveStack();
  const [draft, setDraft] = useState<string[] | null>(null);
  const [find, setFind] = useState('');
  const current = draft ?? stack.data?.stack ?? [];
  const needle = find.trim().toLowerCase();
  const apps = (all.data?.items ?? []).filter(
    (i) => current.includes(i.name) || (needle ? i.name.toLowerCase().includes(needle) : true),
  );
  const shown = needle ? apps.slice(0, 40) : apps.slice(0, 40);
  const toggle = (name: string) =>
    setDraft(current.includes(name) ? current.filter((n) => n !== name) : [...current, name]);
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        The integrations you use. Search can then show only workflows built from them, or any that use one.
      </p>
      <FindIntegrationBox
        id={`${ids}-find`}
        label="Find an integration for your stack"
        value={find}
        onChange={setFind}
      />
      <ul aria-label="Integrations for your stack" className="flex flex-wrap gap-2">
        {[...new Set([...current, ...shown.map((i) => i.name)])].map((name) => (
          <IntegrationChip key={name} name={name} on={current.includes(name)} onToggle={() => toggle(name)} />
        ))}
      </ul>
      <Button
        type="button"
        disabled={save.isPending || draft === null}
        onClick={() => save.mutate(current, { onSuccess: () => setDraft(null) })}
      >
        Save stack
      </Button>
    </div>
  );
}

export function StackSettingsPanel() {
  return (
    <section aria-label="My stack" className="space-y-3">
      <h3 className="text-lg font-semibold">My Stack</h3>
      <StackEditor />
    </section>
  );
}

import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import {
  type EditorialDetail,
  type EditorialItem,
  type EditorialReason,
  SUMMARY_MAX,
} from '#shared/schemas/editorial.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { inputClass } from '#web/components/ui/input.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { CanvasBlock } from '#web/features/automation/canvas-block.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { AdminGate, AdminShell, Pager, pagesOf } from './admin-gate.tsx';

// The editorial queue (decision 0023): templates whose title or summary was generated, whose readiness
// is flagged, or that nobody reviewed, most viewed first. Pick one, read its canvas beside its text,
// edit title, summary and tags in place, accept with the A key.

const REASON_LABELS: Record<EditorialReason, string> = {
  'generated-title': 'Generated title',
  'generated-summary': 'Generated summary',
  flagged: 'Readiness flagged',
  unreviewed: 'Not reviewed',
};
const FILTERS: (EditorialReason | 'all')[] = ['all', 'generated-title', 'generated-summary', 'flagged'];

const READINESS_LABELS = {
  ready: 'Ready to deploy',
  caveats: 'Deployable after setup',
  blocked: 'Not deployable',
  guide: 'Guide, no workflow',
} as const;

function GuidesSetting() {
  const queryClient = useQueryClient();
  const id = useId();
  const settings = useQuery({
    queryKey: ['admin', 'editorial', 'settings'],
    queryFn: async () => unwrap(await api.admin.editorial.settings.$get()),
  });
  const save = useMutation({
    mutationFn: async (guides: 'show' | 'hide') =>
      unwrap(await api.admin.editorial.settings.$put({ json: { guides } })),
    onSuccess: (s) => {
      queryClient.setQueryData(['admin', 'editorial', 'settings'], s);
      toast.success(s.guides === 'hide' ? 'Guides are hidden' : 'Guides are shown');
    },
    onError: (e) => toast.error('Save failed', { description: e.message }),
  });
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <label htmlFor={id} className="font-medium">
        Items without a workflow
      </label>
      <select
        id={id}
        className={`${inputClass} w-auto`}
        value={settings.data?.guides ?? 'show'}
        disabled={!settings.data || save.isPending}
        onChange={(e) => save.mutate(e.target.value as 'show' | 'hide')}
      >
        <option value="show">Show as guides that link out</option>
        <option value="hide">Hide from members and visitors</option>
      </select>
    </div>
  );
}

function CsvTools() {
  const queryClient = useQueryClient();
  const id = useId();
  const upload = useMutation({
    mutationFn: async (file: File) =>
      unwrap(await api.admin.editorial.import.$post({ json: { csv: await file.text() } })),
    onSuccess: (r) => {
      toast.success(`CSV applied: ${r.updated} updated, ${r.unchanged} unchanged`, {
        description: r.errors.length ? r.errors.slice(0, 5).join('; ') : undefined,
      });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'editorial'] });
    },
    onError: (e) => toast.error('Import failed', { description: e.message }),
  });
  return (
    <div className="flex flex-wrap items-center gap-3 text-sm">
      <a className="underline underline-offset-4" href="/api/admin/editorial/export.csv" download>
        Export titles, summaries and tags (CSV)
      </a>
      <label htmlFor={id} className="font-medium">
        Import CSV
      </label>
      <input
        id={id}
        type="file"
        accept=".csv,text/csv"
        className="text-sm"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) upload.mutate(file);
          e.target.value = '';
        }}
      />
    </div>
  );
}

function ReasonChips({ item }: { item: EditorialItem }) {
  return (
    <ul className="flex flex-wrap gap-1" aria-label="Why it is in the queue">
      {item.reasons.map((r) => (
        <li
          key={r}
          className={`rounded-full px-2 py-0.5 text-xs ${r === 'flagged' ? 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200' : 'bg-slate-100 dark:bg-slate-800'}`}
        >
          {REASON_LABELS[r]}
        </li>
      ))}
    </ul>
  );
}

/** True while the user types in a field: the A shortcut must not eat their letters. */
const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function Editor({ item, onAccepted }: { item: EditorialDetail; onAccepted: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [title, setTitle] = useState(item.title);
  const [summary, setSummary] = useState(item.summary);
  const [tags, setTags] = useState(item.tags.join(', '));
  const tagList = () =>
    tags
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
  const save = useMutation({
    mutationFn: async (reviewed: boolean | undefined) =>
      unwrap(
        await api.admin.editorial.items[':id'].$patch({
          param: { id: item.id },
          json: {
            ...(title !== item.title ? { title } : {}),
            ...(summary !== item.summary ? { summary } : {}),
            ...(tagList().join(',') !== item.tags.join(',') ? { tags: tagList() } : {}),
            ...(reviewed === undefined ? {} : { reviewed }),
          },
        }),
      ),
    onSuccess: (_r, reviewed) => {
      toast.success(reviewed ? 'Accepted' : 'Saved', { description: title });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'editorial'] });
      if (reviewed) onAccepted();
    },
    onError: (e) => toast.error('Save failed', { description: e.message }),
  });
  const dirty =
    title !== item.title || summary !== item.summary || tagList().join(',') !== item.tags.join(',');

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'a' || e.ctrlKey || e.metaKey || e.altKey || typing(e.target) || save.isPending) return;
      e.preventDefault();
      save.mutate(true);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save]);

  return (
    <section aria-label={`Edit ${item.title}`} className="grid gap-4 lg:grid-cols-2">
      <div className="min-w-0 space-y-3">
        <CanvasBlock model={item.canvas} />
        {item.howItWorks && (
          <div className={cardClass()}>
            <h3 className="text-sm font-semibold">How it works (generated)</h3>
            <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
              {item.howItWorks
                .split('\n')
                .filter(Boolean)
                .map((s, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: steps can repeat; order is fixed
                  <li key={i}>{s}</li>
                ))}
            </ol>
          </div>
        )}
      </div>
      <form
        className={`${cardClass()} min-w-0 space-y-2`}
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(undefined);
        }}
      >
        <p className="text-sm">
          <span className="font-medium">{READINESS_LABELS[item.readiness]}</span>
          {item.readinessReason && (
            <span className="text-slate-600 dark:text-slate-400"> · {item.readinessReason}</span>
          )}
        </p>
        <p className="text-xs text-slate-600 dark:text-slate-400">
          {item.views.toLocaleString('en-US')} member views ·{' '}
          <a className="underline" href={`/automation/${encodeURIComponent(item.id)}`}>
            {item.id}
          </a>
        </p>
        <label className="block text-sm font-medium" htmlFor={`${id}-t`}>
          Title
        </label>
        <input
          id={`${id}-t`}
          className={inputClass}
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
        />
        <label className="block text-sm font-medium" htmlFor={`${id}-s`}>
          Summary ({summary.length}/{SUMMARY_MAX})
        </label>
        <textarea
          id={`${id}-s`}
          className={`${inputClass} h-24 py-2`}
          value={summary}
          maxLength={SUMMARY_MAX}
          onChange={(e) => setSummary(e.target.value)}
        />
        <label className="block text-sm font-medium" htmlFor={`${id}-g`}>
          Tags (comma separated)
        </label>
        <input id={`${id}-g`} className={inputClass} value={tags} onChange={(e) => setTags(e.target.value)} />
        <details className="text-sm">
          <summary className="cursor-pointer">Description</summary>
          <p className="mt-2 whitespace-pre-line text-slate-700 dark:text-slate-300">{item.description}</p>
        </details>
        <div className="flex flex-wrap gap-2 pt-2">
          <Button type="submit" variant="outline" disabled={!dirty || save.isPending}>
            Save
          </Button>
          <Button
            type="button"
            aria-keyshortcuts="a"
            disabled={save.isPending}
            onClick={() => save.mutate(true)}
          >
            Accept and mark reviewed (A)
          </Button>
        </div>
      </form>
    </section>
  );
}

function Queue() {
  const [reason, setReason] = useState<EditorialReason | 'all'>('all');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<string | null>(null);
  const searchId = useId();
  const query = {
    page: String(page),
    ...(reason === 'all' ? {} : { reason }),
    ...(q.trim() ? { q: q.trim() } : {}),
  };
  const list = useQuery({
    queryKey: ['admin', 'editorial', 'queue', query],
    queryFn: async () => unwrap(await api.admin.editorial.$get({ query })),
    placeholderData: keepPreviousData,
  });
  const items = list.data?.items ?? [];
  const current = selected && items.some((i) => i.id === selected) ? selected : (items[0]?.id ?? null);
  const detail = useQuery({
    queryKey: ['admin', 'editorial', 'item', current],
    queryFn: async () => unwrap(await api.admin.editorial.items[':id'].$get({ param: { id: current! } })),
    enabled: current !== null,
  });
  const next = () => {
    const at = items.findIndex((i) => i.id === current);
    setSelected(items[at + 1]?.id ?? null);
  };
  return (
    <div className="space-y-4">
      <fieldset className="flex flex-wrap items-center gap-2">
        <legend className="sr-only">Show</legend>
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={reason === f ? 'primary' : 'outline'}
            aria-pressed={reason === f}
            onClick={() => {
              setReason(f);
              setPage(1);
            }}
          >
            {f === 'all' ? 'All in queue' : REASON_LABELS[f]}
            {list.data &&
              ` (${(list.data.counts[f === 'all' ? 'unreviewed' : f] ?? 0).toLocaleString('en-US')})`}
          </Button>
        ))}
        <label htmlFor={searchId} className="sr-only">
          Search the queue
        </label>
        <input
          id={searchId}
          type="search"
          placeholder="Search titles or ids"
          className={`${inputClass} w-56`}
          value={q}
          onChange={(e) => {
            setQ(e.target.value);
            setPage(1);
          }}
        />
      </fieldset>
      {list.isPending ? (
        <Spinner label="Loading the queue..." />
      ) : items.length === 0 ? (
        <p className={cardClass()}>Nothing left to review here.</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-[18rem_minmax(0,1fr)]">
          <div>
            <ol className="space-y-2" aria-label="Editorial queue, most viewed first">
              {items.map((item) => (
                <li key={item.id}>
                  <button
                    type="button"
                    aria-current={item.id === current ? 'true' : undefined}
                    className={`${cardClass()} w-full space-y-1 text-left aria-[current=true]:border-brand-600 aria-[current=true]:ring-2 aria-[current=true]:ring-brand-600/30`}
                    onClick={() => setSelected(item.id)}
                  >
                    <span className="block font-medium [overflow-wrap:anywhere]">{item.title}</span>
                    <span className="block text-xs text-slate-600 dark:text-slate-400">
                      {item.views.toLocaleString('en-US')} views · {READINESS_LABELS[item.readiness]}
                    </span>
                    <ReasonChips item={item} />
                  </button>
                </li>
              ))}
            </ol>
            <Pager page={page} pages={pagesOf(list.data)} onPage={setPage} />
          </div>
          {detail.data ? (
            <Editor key={`${detail.data.id}:${detail.dataUpdatedAt}`} item={detail.data} onAccepted={next} />
          ) : (
            <Spinner label="Loading the template..." />
          )}
        </div>
      )}
    </div>
  );
}

export function EditorialPage() {
  return (
    <AdminGate>
      <AdminShell title="Editorial queue">
        <div className="mb-6 space-y-3">
          <p className="text-sm text-slate-700 dark:text-slate-300">
            Templates whose title or summary was generated, whose readiness is flagged, or that nobody
            reviewed yet, most viewed by members first. Your edits are kept when the library is imported
            again.
          </p>
          <GuidesSetting />
          <CsvTools />
        </div>
        <Queue />
      </AdminShell>
    </AdminGate>
  );
}

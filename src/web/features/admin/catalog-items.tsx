import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { CATEGORIES } from '#shared/catalog/constants.ts';
import type { AdminCatalogItem } from '#shared/schemas/admin.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Field } from '#web/components/ui/field.tsx';
import { inputClass } from '#web/components/ui/input.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { bindValue } from '#web/lib/bind-value.ts';
import { PageCount, Pager, pagesOf, QueryStatus } from './admin-gate.tsx';
import { TemplateVersionsPanel } from './template-versions-panel.tsx';

// The catalogue console's item list: filters, each item's row and its edit form.

type StatusFilter = 'all' | 'published' | 'unpublished' | 'not-deployable';

function EditForm({ item, onDone }: { item: AdminCatalogItem; onDone: () => void }) {
  const queryClient = useQueryClient();
  const id = useId();
  const [title, setTitle] = useState(item.title);
  const [description, setDescription] = useState(item.description);
  const [category, setCategory] = useState(item.category);
  const [tags, setTags] = useState(item.tags.join(', '));
  const [videoUrl, setVideoUrl] = useState(item.videoUrl ?? '');
  const save = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.admin.catalog.items[':id'].$patch({
          param: { id: item.id },
          json: {
            title,
            description,
            category: category as (typeof CATEGORIES)[number],
            tags: tags
              .split(',')
              .map((t) => t.trim())
              .filter(Boolean),
            videoUrl,
          },
        }),
      ),
    onSuccess: () => {
      toast.success('Saved', { description: item.id });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'catalog-items'] });
      onDone();
    },
    onError: (error) => toast.error('Save failed', { description: error.message }),
  });
  const field = 'mt-2 block text-sm font-medium';
  return (
    <form
      className="mt-3 space-y-1"
      aria-label={`Edit ${item.title}`}
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <label className={field} htmlFor={`${id}-t`}>
        Title
      </label>
      <input id={`${id}-t`} className={inputClass} value={title} onChange={(e) => setTitle(e.target.value)} />
      <label className={field} htmlFor={`${id}-d`}>
        Description
      </label>
      <textarea
        id={`${id}-d`}
        className={`${inputClass} h-28 py-2`}
        {...bindValue(description, setDescription)}
      />
      <label className={field} htmlFor={`${id}-c`}>
        Category
      </label>
      <select id={`${id}-c`} className={inputClass} {...bindValue(category, setCategory)}>
        {CATEGORIES.map((c) => (
          <option key={c}>{c}</option>
        ))}
      </select>
      <label className={field} htmlFor={`${id}-g`}>
        Tags (comma separated)
      </label>
      <input id={`${id}-g`} className={inputClass} value={tags} onChange={(e) => setTags(e.target.value)} />
      <label className={field} htmlFor={`${id}-v`}>
        Video link
      </label>
      <input id={`${id}-v`} className={inputClass} type="url" {...bindValue(videoUrl, setVideoUrl)} />
      <div className="flex gap-3 pt-3">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function ItemRow({ item }: { item: AdminCatalogItem }) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [versions, setVersions] = useState(false);
  // Unpublishing takes the item out of every member's search at once: asked once more first.
  const [confirming, setConfirming] = useState(false);
  const toggle = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.admin.catalog.items[':id'].published.$put({
          param: { id: item.id },
          json: { published: !item.published },
        }),
      ),
    onSuccess: (data) => {
      setConfirming(false);
      toast.success(data.published ? 'Published' : 'Unpublished', { description: item.title });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'catalog-items'] });
    },
    onError: (error) => toast.error('Error', { description: error.message }),
  });
  const override = useMutation({
    mutationFn: async (next: boolean) =>
      unwrap(
        await api.admin.catalog.items[':id']['deploy-override'].$put({
          param: { id: item.id },
          json: { override: next },
        }),
      ),
    onSuccess: (data) => {
      toast.success(data.override ? 'Deploying allowed despite incomplete wiring' : 'Override withdrawn', {
        description: item.title,
      });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'catalog-items'] });
    },
    onError: (error) => toast.error('Error', { description: error.message }),
  });
  return (
    <li className={cardClass()}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="font-medium">{item.title}</p>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            <span className="font-mono">{item.id}</span> · {item.category} · {item.source} ·{' '}
            {item.published ? 'published' : 'unpublished'}
          </p>
          {item.notDeployableReason && (
            <p className="mt-1 text-sm text-amber-800 dark:text-amber-300">
              Not deployable: {item.notDeployableReason}
            </p>
          )}
          {item.incompleteWiring && (
            <Checkbox
              checked={item.deployOverride}
              disabled={override.isPending}
              onCheckedChange={(ticked) => override.mutate(ticked)}
              className="mt-1 flex items-center"
            >
              Allow deploying despite incomplete wiring (recorded in the audit log)
            </Checkbox>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => setEditing((v) => !v)} aria-expanded={editing}>
            Edit
          </Button>
          <Button size="sm" variant="outline" onClick={() => setVersions((v) => !v)} aria-expanded={versions}>
            Versions
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={toggle.isPending || confirming}
            onClick={() => (item.published ? setConfirming(true) : toggle.mutate())}
            aria-label={`${item.published ? 'Unpublish' : 'Publish'} ${item.title}`}
          >
            {item.published ? 'Unpublish' : 'Publish'}
          </Button>
        </div>
      </div>
      {confirming && (
        <div
          role="alertdialog"
          aria-label={`Unpublish ${item.title}?`}
          className="mt-3 flex flex-wrap items-center gap-2"
        >
          <p className="text-sm">Unpublish it? Members stop finding it at once.</p>
          <Button size="sm" variant="danger" disabled={toggle.isPending} onClick={() => toggle.mutate()}>
            Yes, unpublish
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
        </div>
      )}
      {editing && <EditForm item={item} onDone={() => setEditing(false)} />}
      {versions && <TemplateVersionsPanel automationId={item.id} />}
    </li>
  );
}

export function ItemsSection() {
  const searchId = useId();
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [page, setPage] = useState(1);
  const items = useQuery({
    queryKey: ['admin', 'catalog-items', q, status, page],
    placeholderData: keepPreviousData,
    queryFn: async () =>
      unwrap(
        await api.admin.catalog.items.$get({ query: { q: q || undefined, status, page: String(page) } }),
      ),
  });
  const pages = pagesOf(items.data);
  return (
    <section aria-label="Catalogue items" className="mt-8">
      <h2 className="text-lg font-semibold">Items</h2>
      <form
        className="mt-2 flex flex-wrap items-end gap-3"
        aria-label="Filter items"
        onSubmit={(e) => {
          e.preventDefault();
          setQ(draft.trim());
          setPage(1);
        }}
      >
        <Field className="flex-1" label="Title or id" type="search" {...bindValue(draft, setDraft)} />
        <div>
          <label htmlFor={`${searchId}-s`} className="text-sm font-medium">
            Show
          </label>
          <select
            id={`${searchId}-s`}
            className={`${inputClass} mt-1`}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as StatusFilter);
              setPage(1);
            }}
          >
            <option value="all">All</option>
            <option value="published">Published</option>
            <option value="unpublished">Unpublished</option>
            <option value="not-deployable">Not deployable</option>
          </select>
        </div>
        <Button type="submit">Filter</Button>
      </form>
      <QueryStatus query={items} loading="Loading items..." spinnerClass="mt-4 py-16" />
      {items.data && (
        <>
          <PageCount noun="item" of={items.data} className="mt-3" />
          {/* Until the new filter's page arrives the old one stays on screen, marked busy and dimmed. */}
          <ul
            className={`mt-2 space-y-3 ${items.isPlaceholderData ? 'opacity-60' : ''}`}
            aria-busy={items.isPlaceholderData}
          >
            {items.data.items.map((item) => (
              <ItemRow key={item.id} item={item} />
            ))}
          </ul>
          <Pager page={page} pages={pages} onPage={setPage} />
        </>
      )}
    </section>
  );
}

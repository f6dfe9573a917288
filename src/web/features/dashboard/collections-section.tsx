import { Download, Heart, Trash2 } from 'lucide-react';
import { type MouseEvent, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { TemplateCard } from '#web/components/template-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { SearchInput } from '#web/components/ui/input.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { HeartButton, RouterCardLink } from '#web/features/automation/card-actions.tsx';
import {
  downloadCollectionArchive,
  useCollections,
  useToggleSave,
} from '#web/features/library/library-api.ts';
import { DeployCollectionButton } from '#web/features/n8n/deploy-collection.tsx';
import { bindValue } from '#web/lib/bind-value.ts';
import { CollectionNotes } from './collection-notes.tsx';
import { type ViewMode, ViewToggle } from './view-toggle.tsx';

export function CollectionsSection() {
  const { user } = useAuth();
  const ids = useId();
  const { data, isPending } = useCollections(!!user);
  const toggle = useToggleSave();
  const [term, setTerm] = useState('');
  const [view, setView] = useState<ViewMode>('grid');
  const [zipping, setZipping] = useState(false);

  async function downloadAll() {
    setZipping(true);
    try {
      const name = await downloadCollectionArchive();
      toast.success('Download started', { description: name });
    } catch (error) {
      toast.error('Error', {
        description: error instanceof Error ? error.message : 'Failed to download your collection.',
      });
    } finally {
      setZipping(false);
    }
  }

  const items = useMemo(() => {
    const all = data?.items ?? [];
    const t = term.trim().toLowerCase();
    if (!t) return all;
    // The member's own name and notes for an item count as much as the catalogue's words.
    return all.filter(({ card, name, notes }) =>
      [card.title, card.summary, card.category, ...card.tags, name, notes].some((f) =>
        f.toLowerCase().includes(t),
      ),
    );
  }, [data, term]);

  if (!user) {
    return (
      <div className="py-12 text-center">
        <h2 className="text-xl font-semibold">Sign In Required</h2>
        <p className="mt-1 text-slate-600 dark:text-slate-400">
          Please sign in to view your saved automations
        </p>
      </div>
    );
  }

  const total = data?.total ?? 0;
  return (
    <section aria-labelledby={`${ids}-h`} className="space-y-5">
      <div>
        <h2 id={`${ids}-h`} className="text-2xl font-bold tracking-tight">
          My Collections
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{total} total saved</p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          className="min-w-0 flex-1"
          label="Search your collections"
          {...bindValue(term, setTerm)}
        />
        <ViewToggle value={view} onChange={setView} />
        {total > 0 && (
          <Button variant="outline" onClick={() => void downloadAll()} disabled={zipping}>
            <Download aria-hidden="true" className="h-4 w-4" />
            Download all
          </Button>
        )}
      </div>
      {total > 0 && <DeployCollectionButton />}
      {isPending ? (
        <p role="status" className="py-12 text-center text-slate-600 dark:text-slate-400">
          Loading your collections...
        </p>
      ) : items.length === 0 ? (
        <div className="py-12 text-center">
          <Heart aria-hidden="true" className="mx-auto mb-3 h-10 w-10 text-slate-400" />
          <p className="text-lg font-semibold">No collections yet</p>
          {total === 0 ? (
            <>
              <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
                Start collecting automations by clicking the heart icon on any automation card
              </p>
              <Button asChild className="mt-4">
                <Link to="/dashboard?section=search">Browse Automations</Link>
              </Button>
            </>
          ) : (
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
              No automations match your search criteria
            </p>
          )}
        </div>
      ) : (
        <div className={view === 'grid' ? 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3' : 'flex flex-col gap-3'}>
          {items.map((item) => {
            const { card } = item;
            return (
              <div key={card.id}>
                <TemplateCard
                  card={card}
                  headingLevel={3}
                  view={view}
                  memberFacts
                  link={RouterCardLink}
                  actions={
                    <>
                      <button
                        type="button"
                        aria-label={`Remove ${card.title}`}
                        onClick={(e: MouseEvent) => {
                          e.stopPropagation();
                          toggle.mutate({ card, saved: true });
                        }}
                        className="rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-rose-600 focus-visible:outline-2 dark:hover:bg-slate-800"
                      >
                        <Trash2 aria-hidden="true" className="h-4 w-4" />
                      </button>
                      <HeartButton
                        card={card}
                        saved
                        onToggle={(c) => toggle.mutate({ card: c, saved: true })}
                      />
                    </>
                  }
                />
                <CollectionNotes item={item} />
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}

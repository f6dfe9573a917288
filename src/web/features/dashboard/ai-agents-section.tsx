import { useInfiniteQuery } from '@tanstack/react-query';
import { Star } from 'lucide-react';
import { useDeferredValue, useId, useState } from 'react';
import { Link } from 'react-router';
import { SOURCE_3000 } from '#shared/catalog/constants.ts';
import type { AiAgentsResponse } from '#shared/schemas/catalog.ts';
import { formatRating } from '#web/components/template-card.tsx';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { SearchInput } from '#web/components/ui/input.tsx';
import { ReadinessLabel } from '#web/features/automation/readiness-label.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { bindValue } from '#web/lib/bind-value.ts';

const SKELETONS = 8;
/** Cards per page; "Show more" loads the next one (the library holds hundreds of agents). */
export const AGENTS_PAGE_SIZE = 24;

export function AiAgentsSection() {
  const ids = useId();
  const [typed, setTyped] = useState('');
  // Typing stays responsive; the list follows the deferred term.
  const q = useDeferredValue(typed.trim());
  const {
    data: pages,
    isPending,
    hasNextPage,
    fetchNextPage,
    isFetchingNextPage,
  } = useInfiniteQuery({
    queryKey: ['catalog', 'ai-agents', q],
    initialPageParam: 1,
    queryFn: async ({ pageParam }) =>
      (await unwrap(
        await api.catalog['ai-agents'].$get({
          query: { q, page: String(pageParam), pageSize: String(AGENTS_PAGE_SIZE) },
        }),
      )) as unknown as AiAgentsResponse,
    getNextPageParam: (last, all) =>
      all.length * AGENTS_PAGE_SIZE < last.total ? all.length + 1 : undefined,
    placeholderData: (previous) => previous,
  });
  const first = pages?.pages[0];
  const data = first && { items: pages.pages.flatMap((p) => p.items), total: first.total };
  const stats = first?.stats;
  const tiles = [
    { label: 'Workflows', value: stats ? String(stats.count) : '…' },
    { label: 'Total Runs', value: stats ? String(stats.totalRuns) : '…' },
    { label: 'Avg Rating', value: stats ? (stats.avgRating ? stats.avgRating.toFixed(1) : '0') : '…' },
  ];
  return (
    <section aria-labelledby={`${ids}-h`} className="space-y-5">
      <h2 id={`${ids}-h`} className="text-2xl font-bold tracking-tight">
        AI Agents
      </h2>
      <dl className="grid gap-4 sm:grid-cols-3">
        {tiles.map((t) => (
          <div key={t.label} className={cardClass()}>
            <dt className="text-sm text-slate-600 dark:text-slate-400">{t.label}</dt>
            <dd className="mt-1 text-2xl font-bold">{t.value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap items-center gap-3">
        <SearchInput
          className="w-full sm:max-w-sm"
          label="Search AI agents"
          {...bindValue(typed, setTyped)}
          maxLength={200}
        />
        {data && data.items.length > 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            Showing {data.items.length} of {data.total}
          </p>
        )}
      </div>
      {isPending ? (
        <ul
          aria-busy="true"
          aria-label="Loading AI agents"
          className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4"
        >
          {Array.from({ length: SKELETONS }, (_, i) => `skeleton-${i}`).map((key) => (
            <li
              key={key}
              data-testid="agent-skeleton"
              className="h-48 animate-pulse rounded-xl bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
            />
          ))}
        </ul>
      ) : q && data && data.items.length === 0 ? (
        <div className="py-12 text-center">
          <p className="text-lg font-semibold">No AI agents match "{q}"</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            Try another word or clear the search.
          </p>
        </div>
      ) : !data || data.items.length === 0 ? (
        <div className="py-12 text-center">
          <p className="text-lg font-semibold">No AI Agents Found</p>
          <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
            No AI agents are currently available. Please check back later.
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {data.items.map((card) => (
            <li key={card.id} className={`flex min-w-0 flex-col gap-2 ${cardClass()}`}>
              <div className="flex flex-wrap gap-1">
                {card.hasVideo && (
                  <Badge tone="danger" className="text-xs">
                    Video Tutorial
                  </Badge>
                )}
                {card.source === SOURCE_3000 && <Badge className="text-xs font-medium">Community</Badge>}
              </div>
              <h3 className="line-clamp-2 font-semibold [overflow-wrap:anywhere]">{card.title}</h3>
              <p className="line-clamp-3 text-sm [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">
                {card.summary}
              </p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                {card.category} · {card.difficulty} · {card.runs} uses
              </p>
              <p className="flex items-center justify-between text-xs">
                <ReadinessLabel card={card} />
                <span className="inline-flex items-center gap-1">
                  <Star aria-hidden="true" className="h-3.5 w-3.5 fill-amber-400 text-amber-400" />
                  {formatRating(card)}
                </span>
              </p>
              <Button asChild size="sm" className="mt-auto">
                <Link
                  to={`/automation/${encodeURIComponent(card.id)}`}
                  aria-label={`View Details: ${card.title}`}
                >
                  View Details
                </Link>
              </Button>
            </li>
          ))}
        </ul>
      )}
      {hasNextPage && (
        <div className="flex justify-center">
          <Button variant="outline" disabled={isFetchingNextPage} onClick={() => void fetchNextPage()}>
            {isFetchingNextPage ? 'Loading...' : 'Show more'}
          </Button>
        </div>
      )}
    </section>
  );
}

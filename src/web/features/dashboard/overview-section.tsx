import { Clock, Copy, Rocket } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { relativeTime } from '#shared/relative-time.ts';
import type { ActivityItem } from '#shared/schemas/library.ts';
import { cardClass } from '#web/components/ui/card.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { useOverview } from '#web/features/library/library-api.ts';
import { TemplateUpdatesCard } from '#web/features/n8n/template-updates.tsx';

const KIND_LABELS: Record<ActivityItem['kind'], string> = {
  view: 'Viewed',
  copy: 'Copied',
  download: 'Downloaded',
  deploy: 'Deployed',
  save: 'Saved',
};

export function OverviewSection() {
  const { user } = useAuth();
  const { data, isPending } = useOverview();
  const ids = useId();
  const cards = [
    { label: 'Total Runs', value: data?.totalRuns, Icon: Rocket },
    { label: 'Automations Copied', value: data?.automationsCopied, Icon: Copy },
    { label: 'Days Remaining', value: 'Lifetime', Icon: Clock },
  ];
  const week = data?.last7Days ?? {};
  return (
    <section aria-labelledby={`${ids}-h`} className="space-y-6">
      <div>
        <h2 id={`${ids}-h`} className="text-2xl font-bold tracking-tight">
          Welcome back, {user?.email ?? user?.id}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">Your lifetime access is active.</p>
      </div>
      <dl className="grid gap-4 sm:grid-cols-3">
        {cards.map(({ label, value, Icon }) => (
          <div key={label} className={cardClass()}>
            <dt className="flex items-center gap-2 text-sm text-slate-600 dark:text-slate-400">
              <Icon aria-hidden="true" className="h-4 w-4" />
              {label}
            </dt>
            <dd className="mt-2 text-3xl font-bold">{value ?? (isPending ? '…' : 0)}</dd>
          </div>
        ))}
      </dl>
      <TemplateUpdatesCard />
      {/* grid-cols-1 is minmax(0, 1fr): a long title truncates instead of widening the page on a phone
          (an implicit track grew to the title's full width: 423 px in a 390 px screen, issue 43). */}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        <section aria-labelledby={`${ids}-recent`} className={cardClass()}>
          <h3 id={`${ids}-recent`} className="mb-3 font-semibold">
            Recent activity
          </h3>
          {data && data.recentActivity.length === 0 ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              No activity yet. Copy, download or deploy an automation to see it here.
            </p>
          ) : (
            <ul className="divide-y divide-slate-200 dark:divide-slate-800">
              {data?.recentActivity.map((a) => (
                <li
                  key={`${a.kind}-${a.automationId}-${a.createdAt}`}
                  className="flex justify-between gap-3 py-2 text-sm"
                >
                  <span className="min-w-0 truncate">
                    {KIND_LABELS[a.kind]}{' '}
                    <Link
                      to={`/automation/${encodeURIComponent(a.automationId)}`}
                      className="font-medium underline-offset-2 hover:underline"
                    >
                      {a.title}
                    </Link>
                  </span>
                  <time dateTime={a.createdAt} className="shrink-0 text-slate-500 dark:text-slate-400">
                    {relativeTime(a.createdAt)}
                  </time>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby={`${ids}-perf`} className={cardClass()}>
          <h3 id={`${ids}-perf`} className="mb-3 font-semibold">
            Performance (last 7 days)
          </h3>
          <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3">
            {(['view', 'copy', 'download', 'deploy', 'save'] as const).map((k) => (
              <div key={k}>
                <dt className="text-slate-600 dark:text-slate-400">{KIND_LABELS[k]}</dt>
                <dd className="text-xl font-semibold">{week[k] ?? 0}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </section>
  );
}

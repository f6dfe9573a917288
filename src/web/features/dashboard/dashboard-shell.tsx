import { useQueryClient } from '@tanstack/react-query';
import {
  Bot,
  ChevronLeft,
  ChevronRight,
  Cpu,
  Heart,
  LayoutDashboard,
  LogOut,
  MoreHorizontal,
  RefreshCw,
  Search,
  Settings,
  Volume2,
  VolumeX,
  Zap,
} from 'lucide-react';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { DataProcessingSection } from '#web/features/n8n/data-processing-section.tsx';
import { N8nBadge } from '#web/features/n8n/n8n-badge.tsx';
import { QuickActionsSection } from '#web/features/n8n/quick-actions-section.tsx';
import { AccountSettings } from '#web/features/settings/account-settings.tsx';
import { cn } from '#web/lib/cn.ts';
import { AiAgentsSection } from './ai-agents-section.tsx';
import { CollectionsSection } from './collections-section.tsx';
import { OverviewSection } from './overview-section.tsx';
import { QuickSearch } from './quick-search.tsx';
import { SearchSection } from './search-section.tsx';
import { blip, setSoundEnabled, soundEnabled } from './sound.ts';
import { SyncChip } from './sync-chip.tsx';
import { useLiveSync } from './use-live-sync.ts';

export const SECTIONS = [
  { id: 'overview', title: 'Overview', short: 'Overview', Icon: LayoutDashboard },
  { id: 'search', title: 'Search', short: 'Search', Icon: Search },
  { id: 'ai-agents', title: 'AI Agents', short: 'AI Agents', Icon: Bot },
  { id: 'quick-actions', title: 'Quick Actions', short: 'Quick', Icon: Zap },
  { id: 'data-processing', title: 'Data Processing', short: 'Data', Icon: Cpu },
  { id: 'collections', title: 'Collections', short: 'Collections', Icon: Heart },
  { id: 'settings', title: 'Settings', short: 'Settings', Icon: Settings },
] as const;

const MOBILE_MAIN = ['overview', 'search', 'ai-agents', 'quick-actions'];
const MOBILE_MORE = ['data-processing', 'collections', 'settings'];
const COLLAPSED_KEY = 'flowvault.sidebarCollapsed';

/** Title for any section name, known or not ('my-thing' → 'My Thing'). */
export function sectionTitle(id: string): string {
  const known = SECTIONS.find((s) => s.id === id);
  if (known) return known.title;
  return id
    .split(/[-_\s]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join(' ');
}

function SectionBody({ id }: { id: string }) {
  switch (id) {
    case 'overview':
      return <OverviewSection />;
    case 'search':
      return <SearchSection />;
    case 'ai-agents':
      return <AiAgentsSection />;
    case 'quick-actions':
      return <QuickActionsSection />;
    case 'data-processing':
      return <DataProcessingSection />;
    case 'collections':
      return <CollectionsSection />;
    case 'settings':
      return <AccountSettings />;
    default:
      return (
        <section className="py-12 text-center">
          <h2 className="text-2xl font-bold tracking-tight">{sectionTitle(id)}</h2>
          <p className="mt-2 text-slate-600 dark:text-slate-400">This section is coming soon...</p>
        </section>
      );
  }
}

function NavButton({
  id,
  active,
  collapsed,
  onSelect,
  label,
  icon,
}: {
  id: string;
  active: boolean;
  collapsed?: boolean;
  onSelect: (id: string) => void;
  label: string;
  icon: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-current={active ? 'page' : undefined}
      title={collapsed ? label : undefined}
      onClick={() => onSelect(id)}
      className={cn(
        'flex w-full items-center gap-3 rounded-lg py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-brand-600',
        active
          ? 'bg-brand-600/10 text-brand-700 dark:text-brand-400'
          : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
        collapsed ? 'justify-center px-0' : 'px-3',
      )}
    >
      {icon}
      <span className={cn(collapsed && 'sr-only')}>{label}</span>
    </button>
  );
}

export function DashboardShell() {
  const { subscriptionTier, signOut } = useAuth();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const [params, setParams] = useSearchParams();
  const section = params.get('section') || 'overview';
  const [collapsed, setCollapsed] = useState(false);
  const [quickOpen, setQuickOpen] = useState(false);
  const [moreOpen, setMoreOpen] = useState(false);

  const [sound, setSound] = useState(false);
  const live = useLiveSync();

  useEffect(() => {
    setCollapsed(localStorage.getItem(COLLAPSED_KEY) === '1');
    setSound(soundEnabled());
  }, []);

  // Ctrl/Cmd+K opens the quick search (not a browser shortcut, DESIGN.md §9.6).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setQuickOpen(true);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const select = useCallback(
    (id: string) => {
      setMoreOpen(false);
      blip();
      // Each section switch is a history entry, so back returns to the previous section.
      setParams(id === 'overview' ? {} : { section: id });
      window.scrollTo?.({ top: 0 });
    },
    [setParams],
  );
  const closeQuick = useCallback(() => setQuickOpen(false), []);
  const runQuick = useCallback(
    (term: string) => {
      setQuickOpen(false);
      setParams({ section: 'search', q: term });
    },
    [setParams],
  );

  const toggleCollapsed = () => {
    setCollapsed((c) => {
      localStorage.setItem(COLLAPSED_KEY, c ? '0' : '1');
      return !c;
    });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 dark:bg-slate-950">
      {/* The page's one header: the site's top bar is left out on the dashboard (page-shell.tsx). */}
      <header className="sticky top-0 z-30 flex items-center gap-2 border-b border-slate-200 bg-white/95 px-3 py-3 backdrop-blur sm:gap-3 sm:px-4 dark:border-slate-800 dark:bg-slate-900/95">
        <a href="/" className="flex shrink-0 items-center gap-2 rounded text-lg font-bold tracking-tight">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span className="sr-only sm:not-sr-only">Flowvault</span>
        </a>
        <button
          type="button"
          onClick={() => setQuickOpen(true)}
          aria-keyshortcuts="Control+K Meta+K"
          className="flex h-9 min-w-0 flex-1 items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 px-3 text-left text-sm text-slate-500 hover:bg-white focus-visible:outline-2 focus-visible:outline-brand-600 sm:max-w-md dark:border-slate-700 dark:bg-slate-800 dark:text-slate-400"
        >
          <Search aria-hidden="true" className="h-4 w-4 shrink-0" />
          <span className="truncate">Search automations...</span>
          <kbd className="ml-auto hidden rounded border border-slate-300 px-1.5 text-xs sm:inline dark:border-slate-600">
            Ctrl K
          </kbd>
        </button>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <SyncChip state={live.state} onSync={live.syncNow} />
          <N8nBadge />
          <Button
            variant="ghost"
            size="icon"
            aria-label="Refresh"
            onClick={() => void qc.invalidateQueries()}
          >
            <RefreshCw aria-hidden="true" className="h-4 w-4" />
          </Button>
          {/* On a phone the search keeps its room: sound and the plan badge wait for a wider screen. */}
          <Button
            variant="ghost"
            size="icon"
            className="max-sm:hidden"
            aria-pressed={sound}
            aria-label="Sound"
            title={sound ? 'Sound on' : 'Sound off'}
            onClick={() => {
              setSoundEnabled(!sound);
              setSound(!sound);
              if (!sound) blip();
            }}
          >
            {sound ? (
              <Volume2 aria-hidden="true" className="h-4 w-4" />
            ) : (
              <VolumeX aria-hidden="true" className="h-4 w-4" />
            )}
          </Button>
          <span className="hidden rounded-full bg-brand-600/10 px-3 py-1 sm:inline text-xs font-semibold text-brand-700 dark:text-brand-400">
            {subscriptionTier || 'Premium'}
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={async () => {
              await signOut();
              navigate('/auth');
            }}
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            <span className="hidden sm:inline">Logout</span>
            <span className="sr-only sm:hidden">Logout</span>
          </Button>
        </div>
      </header>
      <div className="flex flex-1">
        <nav
          aria-label="Dashboard"
          data-collapsed={collapsed}
          className={cn(
            'sticky top-[61px] hidden h-[calc(100dvh-61px)] shrink-0 self-start flex-col gap-1 border-r border-slate-200 bg-white p-2 transition-[width] motion-reduce:transition-none md:flex dark:border-slate-800 dark:bg-slate-900',
            collapsed ? 'w-16' : 'w-60',
          )}
        >
          {SECTIONS.map((s) => (
            <NavButton
              key={s.id}
              id={s.id}
              active={section === s.id}
              collapsed={collapsed}
              onSelect={select}
              label={s.title}
              icon={<s.Icon aria-hidden="true" className="h-5 w-5 shrink-0" />}
            />
          ))}
          <button
            type="button"
            onClick={toggleCollapsed}
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
            className="mt-auto flex items-center justify-center rounded-lg p-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800"
          >
            {collapsed ? (
              <ChevronRight aria-hidden="true" className="h-5 w-5" />
            ) : (
              <ChevronLeft aria-hidden="true" className="h-5 w-5" />
            )}
          </button>
        </nav>
        <main className="min-w-0 flex-1 px-4 py-6 pb-24 sm:px-6 md:pb-6">
          <h1 className="sr-only">Dashboard</h1>
          <p className="sr-only" aria-live="polite">
            {sectionTitle(section)}
          </p>
          <SectionBody id={section} />
        </main>
      </div>
      <nav
        aria-label="Dashboard sections"
        className="fixed inset-x-0 bottom-0 z-30 border-t border-slate-200 bg-white md:hidden dark:border-slate-800 dark:bg-slate-900"
      >
        {moreOpen && (
          <ul id="dashboard-more" className="border-b border-slate-200 p-2 dark:border-slate-800">
            {MOBILE_MORE.map((id) => {
              const s = SECTIONS.find((x) => x.id === id)!;
              return (
                <li key={id}>
                  <NavButton
                    id={id}
                    active={section === id}
                    onSelect={select}
                    label={s.title}
                    icon={<s.Icon aria-hidden="true" className="h-5 w-5" />}
                  />
                </li>
              );
            })}
          </ul>
        )}
        <ul className="grid grid-cols-5">
          {MOBILE_MAIN.map((id) => {
            const s = SECTIONS.find((x) => x.id === id)!;
            return (
              <li key={id}>
                <button
                  type="button"
                  aria-current={section === id ? 'page' : undefined}
                  onClick={() => select(id)}
                  className={cn(
                    'flex w-full flex-col items-center gap-0.5 py-2 text-xs focus-visible:outline-2 focus-visible:outline-brand-600',
                    section === id
                      ? 'text-brand-700 dark:text-brand-400'
                      : 'text-slate-600 dark:text-slate-400',
                  )}
                >
                  <s.Icon aria-hidden="true" className="h-5 w-5" />
                  {s.short}
                </button>
              </li>
            );
          })}
          <li>
            <button
              type="button"
              aria-expanded={moreOpen}
              aria-controls="dashboard-more"
              onClick={() => setMoreOpen((o) => !o)}
              className="flex w-full flex-col items-center gap-0.5 py-2 text-xs text-slate-600 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-slate-400"
            >
              <MoreHorizontal aria-hidden="true" className="h-5 w-5" />
              More
            </button>
          </li>
        </ul>
      </nav>
      {quickOpen && <QuickSearch onClose={closeQuick} onSearch={runQuick} />}
    </div>
  );
}

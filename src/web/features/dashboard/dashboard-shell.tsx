import { useQueryClient } from '@tanstack/react-query';
import { LogOut, RefreshCw, Search, Volume2, VolumeX } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '#web/components/ui/button.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { SignOutButton } from '#web/features/auth/sign-out-button.tsx';
import { DataProcessingSection } from '#web/features/n8n/data-processing-section.tsx';
import { N8nBadge } from '#web/features/n8n/n8n-badge.tsx';
import { QuickActionsSection } from '#web/features/n8n/quick-actions-section.tsx';
import { AccountSettings } from '#web/features/settings/account-settings.tsx';
import { AiAgentsSection } from './ai-agents-section.tsx';
import { CollectionsSection } from './collections-section.tsx';
import { MobileNav, SidebarNav, sectionTitle } from './dashboard-nav.tsx';
import { OverviewSection } from './overview-section.tsx';
import { QuickSearch } from './quick-search.tsx';
import { SearchSection } from './search-section.tsx';
import { blip, setSoundEnabled, soundEnabled } from './sound.ts';
import { SyncChip } from './sync-chip.tsx';
import { useLiveSync } from './use-live-sync.ts';

const COLLAPSED_KEY = 'flowvault.sidebarCollapsed';

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

export function DashboardShell() {
  const { subscriptionTier } = useAuth();
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
          className="flex h-9 min-w-0 flex-1 items-center gap-2 rounded-lg border border-slate-300 bg-slate-50 px-3 text-left text-sm text-slate-500 hover:bg-white focus-visible:outline-2 sm:max-w-md dark:border-slate-700 dark:bg-slate-800 dark:text-slate-400"
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
          <SignOutButton>
            <LogOut aria-hidden="true" className="h-4 w-4" />
            <span className="hidden sm:inline">Logout</span>
            <span className="sr-only sm:hidden">Logout</span>
          </SignOutButton>
        </div>
      </header>
      <div className="flex flex-1">
        <SidebarNav
          section={section}
          collapsed={collapsed}
          onSelect={select}
          onToggleCollapsed={toggleCollapsed}
        />
        <main className="min-w-0 flex-1 px-4 py-6 pb-24 sm:px-6 md:pb-6">
          <h1 className="sr-only">Dashboard</h1>
          <p className="sr-only" aria-live="polite">
            {sectionTitle(section)}
          </p>
          <SectionBody id={section} />
        </main>
      </div>
      <MobileNav
        section={section}
        moreOpen={moreOpen}
        onSelect={select}
        onToggleMore={() => setMoreOpen((o) => !o)}
      />
      {quickOpen && <QuickSearch onClose={closeQuick} onSearch={runQuick} />}
    </div>
  );
}

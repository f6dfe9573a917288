import {
  Bot,
  ChevronLeft,
  ChevronRight,
  Cpu,
  Heart,
  LayoutDashboard,
  MoreHorizontal,
  Search,
  Settings,
  Zap,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

// The dashboard's section list and its two navigations: the sidebar (md and up) and the phone's bottom bar.

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
        'flex w-full items-center gap-3 rounded-lg py-2 text-sm font-medium focus-visible:outline-2',
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

/** The sidebar: every section, and the collapse toggle (the shell remembers the choice). */
export function SidebarNav({
  section,
  collapsed,
  onSelect,
  onToggleCollapsed,
}: {
  section: string;
  collapsed: boolean;
  onSelect: (id: string) => void;
  onToggleCollapsed: () => void;
}) {
  return (
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
          onSelect={onSelect}
          label={s.title}
          icon={<s.Icon aria-hidden="true" className="h-5 w-5 shrink-0" />}
        />
      ))}
      <button
        type="button"
        onClick={onToggleCollapsed}
        aria-expanded={!collapsed}
        aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}
        className="mt-auto flex items-center justify-center rounded-lg p-2 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 dark:hover:bg-slate-800"
      >
        {collapsed ? (
          <ChevronRight aria-hidden="true" className="h-5 w-5" />
        ) : (
          <ChevronLeft aria-hidden="true" className="h-5 w-5" />
        )}
      </button>
    </nav>
  );
}

/** The phone's bottom bar: four sections and More, which opens the other three above it. */
export function MobileNav({
  section,
  moreOpen,
  onSelect,
  onToggleMore,
}: {
  section: string;
  moreOpen: boolean;
  onSelect: (id: string) => void;
  onToggleMore: () => void;
}) {
  return (
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
                  onSelect={onSelect}
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
                onClick={() => onSelect(id)}
                className={cn(
                  'flex w-full flex-col items-center gap-0.5 py-2 text-xs focus-visible:outline-2',
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
            onClick={onToggleMore}
            className="flex w-full flex-col items-center gap-0.5 py-2 text-xs text-slate-600 focus-visible:outline-2 dark:text-slate-400"
          >
            <MoreHorizontal aria-hidden="true" className="h-5 w-5" />
            More
          </button>
        </li>
      </ul>
    </nav>
  );
}

import { type ComponentType, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { cardClass } from '#web/components/ui/card.tsx';
import { StackSettingsPanel } from '#web/features/settings/my-stack.tsx';
import { cn } from '#web/lib/cn.ts';
import { N8nSettings } from './n8n-settings.tsx';
import { NotificationSettingsPanel } from './notification-settings.tsx';
import { PrivacySettings } from './privacy-settings.tsx';
import { ProfileSettings } from './profile-settings.tsx';
import { TemplatesHostSettings } from './templates-host-settings.tsx';

/** A member's n8n tab: their connections, then the library inside their own n8n (decision 0026). */
function MemberN8nSettings() {
  return (
    <>
      <N8nSettings />
      <TemplatesHostSettings />
    </>
  );
}

// The Profile, Notifications, N8N Integration and Privacy & Data tabs of the dashboard's Settings
// (part 2 §2).
const MEMBER_TABS = [
  { id: 'profile', label: 'Profile', Panel: ProfileSettings },
  { id: 'notifications', label: 'Notifications', Panel: NotificationSettingsPanel },
  { id: 'n8n', label: 'N8N Integration', Panel: MemberN8nSettings },
  { id: 'privacy', label: 'Privacy & Data', Panel: PrivacySettings },
  { id: 'stack', label: 'My Stack', Panel: StackSettingsPanel },
] as const;

/** n8n connections a signed-in user without access can see and remove, not add or use. */
const RemoveOnlyN8nSettings = () => <N8nSettings removeOnly />;
const ExportAndDelete = () => <PrivacySettings canImport={false} />;

/**
 * What every signed-in user keeps without lifetime access (unpaid, refunded, reversed; issue 43): their
 * profile, their stored n8n keys (to remove them) and their data (export, delete the account).
 */
const ACCOUNT_TABS = [
  { id: 'profile', label: 'Profile', Panel: ProfileSettings },
  { id: 'n8n', label: 'N8N Integration', Panel: RemoveOnlyN8nSettings },
  { id: 'privacy', label: 'Privacy & Data', Panel: ExportAndDelete },
] as const;

type Tab = { id: string; label: string; Panel: ComponentType };

/** The tab named by `?tab=` (e.g. `/dashboard?section=settings&tab=n8n`), else Profile. */
function initialTab(tabs: readonly Tab[]): number {
  const wanted =
    typeof window === 'undefined' ? null : new URLSearchParams(window.location.search).get('tab');
  const index = tabs.findIndex((t) => t.id === wanted);
  return Math.max(index, 0);
}

export function AccountSettings({ member = true }: { member?: boolean }) {
  const TABS: readonly Tab[] = member ? MEMBER_TABS : ACCOUNT_TABS;
  const [active, setActive] = useState(() => initialTab(TABS));
  const [params] = useSearchParams();
  const wantedTab = params.get('tab');
  // A link to another tab while Settings is open (e.g. the header's n8n badge) switches to it.
  useEffect(() => {
    const index = TABS.findIndex((t) => t.id === wantedTab);
    if (index >= 0) setActive(index);
  }, [wantedTab, TABS]);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const id = useId();

  function onKeyDown(event: KeyboardEvent) {
    const delta = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    event.preventDefault();
    const next = (active + delta + TABS.length) % TABS.length;
    setActive(next);
    tabRefs.current[next]?.focus();
  }

  const Active = TABS[active]!.Panel;
  return (
    <section aria-labelledby={`${id}-heading`} className={`${cardClass({ radius: '2xl' })} sm:p-6`}>
      <h2 id={`${id}-heading`} className="mb-4 text-lg font-semibold">
        Settings
      </h2>
      <div
        role="tablist"
        aria-label="Settings"
        className="mb-6 flex gap-1 overflow-x-auto border-b border-slate-200 dark:border-slate-800"
      >
        {TABS.map((tab, index) => (
          <button
            key={tab.id}
            ref={(el) => {
              tabRefs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${tab.id}`}
            aria-selected={index === active}
            aria-controls={`${id}-panel-${tab.id}`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
            onKeyDown={onKeyDown}
            className={cn(
              '-mb-px whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium',
              index === active
                ? 'border-brand-600 text-brand-700 dark:border-brand-500 dark:text-brand-400'
                : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100',
            )}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel-${TABS[active]!.id}`}
        aria-labelledby={`${id}-tab-${TABS[active]!.id}`}
      >
        <Active />
      </div>
    </section>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '#shared/schemas/library.ts';
import { Button } from '#web/components/ui/button.tsx';
import { settingsApi } from './settings-api.ts';

export const notificationKeys = { settings: ['library', 'settings', 'notifications'] as const };

const TOGGLES: { key: keyof NotificationSettings; label: string; hint: string }[] = [
  {
    key: 'emailNotifications',
    label: 'Email Notifications',
    hint: 'Receive email about your account and library.',
  },
  { key: 'automationAlerts', label: 'Automation Alerts', hint: 'Get notified when automations fail.' },
  { key: 'weeklyReports', label: 'Weekly Reports', hint: 'A weekly summary of your activity by email.' },
];

function Toggle({
  id,
  checked,
  disabled,
  onChange,
  labelledBy,
  describedBy,
}: {
  id: string;
  checked: boolean;
  disabled?: boolean;
  onChange(next: boolean): void;
  labelledBy: string;
  describedBy: string;
}) {
  return (
    <button
      id={id}
      type="button"
      role="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      // On or off as aria-checked says (its variants outrank the dark: one): the look follows the state.
      className="group relative inline-flex h-6 w-11 shrink-0 items-center rounded-full bg-slate-300 transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 disabled:opacity-50 aria-checked:bg-brand-600 motion-reduce:transition-none dark:bg-slate-600"
    >
      <span
        aria-hidden="true"
        className="inline-block h-5 w-5 translate-x-0.5 rounded-full bg-white shadow transition-transform group-aria-checked:translate-x-5 motion-reduce:transition-none"
      />
    </button>
  );
}

/** Settings → Notifications: three toggles (spec defaults) saved on the server with Save Preferences. */
export function NotificationSettingsPanel() {
  const qc = useQueryClient();
  const { data, isPending } = useQuery({
    queryKey: notificationKeys.settings,
    queryFn: settingsApi.notifications,
  });
  const [draft, setDraft] = useState<NotificationSettings>(DEFAULT_NOTIFICATION_SETTINGS);
  const [saving, setSaving] = useState(false);
  const id = useId();

  useEffect(() => {
    if (data) setDraft(data);
  }, [data]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await settingsApi.saveNotifications(draft);
      qc.setQueryData(notificationKeys.settings, saved);
      toast.success('Notifications Updated', {
        description: 'Your notification preferences have been saved.',
      });
    } catch {
      toast.error('Error', { description: 'Failed to save notification preferences. Please try again.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="space-y-5" aria-busy={isPending}>
      <ul className="divide-y divide-slate-200 dark:divide-slate-800">
        {TOGGLES.map((t) => (
          <li key={t.key} className="flex items-center justify-between gap-4 py-3">
            <div>
              <p id={`${id}-${t.key}-label`} className="text-sm font-medium">
                {t.label}
              </p>
              <p id={`${id}-${t.key}-hint`} className="text-sm text-slate-600 dark:text-slate-400">
                {t.hint}
              </p>
            </div>
            <Toggle
              id={`${id}-${t.key}`}
              checked={draft[t.key]}
              disabled={isPending}
              labelledBy={`${id}-${t.key}-label`}
              describedBy={`${id}-${t.key}-hint`}
              onChange={(next) => setDraft((d) => ({ ...d, [t.key]: next }))}
            />
          </li>
        ))}
      </ul>
      <Button type="submit" disabled={saving || isPending}>
        Save Preferences
      </Button>
    </form>
  );
}

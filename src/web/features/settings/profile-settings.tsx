import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { authApi } from '#web/features/auth/auth-api.ts';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { announceToTabs } from '#web/lib/tab-sync.ts';

export const fieldClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30 disabled:bg-slate-50 disabled:text-slate-500 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:disabled:bg-slate-800';

/** Settings → Profile: Display Name, Email (shown), Bio — all saved. */
export function ProfileSettings() {
  const { user, profile, setProfile } = useAuth();
  const [displayName, setDisplayName] = useState(profile?.displayName ?? '');
  const [bio, setBio] = useState(profile?.bio ?? '');
  const [saving, setSaving] = useState(false);
  const id = useId();

  useEffect(() => {
    setDisplayName(profile?.displayName ?? '');
    setBio(profile?.bio ?? '');
  }, [profile?.displayName, profile?.bio]);

  async function save(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    try {
      const saved = await authApi.updateProfile(displayName, bio);
      setProfile({ displayName: saved.displayName, bio: saved.bio });
      announceToTabs({ kind: 'profile' });
      toast.success('Profile Updated', { description: 'Your profile has been saved.' });
    } catch {
      toast.error('Error', { description: 'Failed to save profile. Please try again.' });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="space-y-5">
      <div className="space-y-1.5">
        <label htmlFor={`${id}-name`} className="text-sm font-medium">
          Display Name
        </label>
        <input
          id={`${id}-name`}
          value={displayName}
          maxLength={80}
          autoComplete="nickname"
          onChange={(e) => setDisplayName(e.target.value)}
          className={fieldClass}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-email`} className="text-sm font-medium">
          Email
        </label>
        <input
          id={`${id}-email`}
          type="email"
          value={user?.email ?? ''}
          readOnly
          disabled
          className={fieldClass}
        />
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-bio`} className="text-sm font-medium">
          Bio <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </label>
        <textarea
          id={`${id}-bio`}
          rows={4}
          maxLength={1000}
          value={bio}
          onChange={(e) => setBio(e.target.value)}
          className={fieldClass}
        />
      </div>
      <Button type="submit" disabled={saving}>
        Save Profile
      </Button>
    </form>
  );
}

import { type FormEvent, useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { Field, fieldClass } from '#web/components/ui/field.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { api, unwrap } from '#web/lib/api.ts';
import { bindValue } from '#web/lib/bind-value.ts';
import { announceToTabs } from '#web/lib/tab-sync.ts';

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
      const saved = await unwrap(await api.account.profile.$put({ json: { displayName, bio } }));
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
      <Field
        label="Display Name"
        value={displayName}
        maxLength={80}
        autoComplete="nickname"
        onChange={(e) => setDisplayName(e.target.value)}
      />
      <Field label="Email" type="email" value={user?.email ?? ''} readOnly disabled />
      <div className="space-y-1.5">
        <label htmlFor={`${id}-bio`} className="text-sm font-medium">
          Bio <span className="font-normal text-slate-500 dark:text-slate-400">(optional)</span>
        </label>
        <textarea
          id={`${id}-bio`}
          rows={4}
          maxLength={1000}
          {...bindValue(bio, setBio)}
          className={fieldClass}
        />
      </div>
      <Button type="submit" disabled={saving}>
        Save Profile
      </Button>
    </form>
  );
}

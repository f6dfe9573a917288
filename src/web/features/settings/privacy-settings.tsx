import { useQueryClient } from '@tanstack/react-query';
import { Download, Trash2, Upload } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { PasswordField } from '#web/components/ui/field.tsx';
import { useAuth } from '#web/features/auth/auth-context.tsx';
import { authErrorText } from '#web/features/auth/auth-errors.ts';
import { ApiError, api, authPost, unwrap } from '#web/lib/api.ts';
import { bindValue } from '#web/lib/bind-value.ts';
import { saveFile } from '#web/lib/save-file.ts';
import { settingsApi } from './settings-api.ts';

/** `flowvault-data-export-2026-03-01.json` */
export function exportFileName(date: Date = new Date()): string {
  return `flowvault-data-export-${date.toISOString().slice(0, 10)}.json`;
}

function download(data: unknown, fileName: string) {
  saveFile(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }), fileName);
}

/** What the server accepts in one request: larger is refused before upload. */
const MAX_IMPORT_BYTES = 1024 * 1024;
/** An export file can be large (activity, sessions, mails): read at most this much of one. */
const MAX_FILE_BYTES = 50 * 1024 * 1024;

/**
 * What Import Data sends: only the parts it restores (collections and settings) of an export file, so a
 * long activity history does not push the file past the request limit. Anything that is not a JSON
 * object goes as it is, for the server to say what is wrong with it.
 */
export function importBody(text: string): string {
  try {
    const data: unknown = JSON.parse(text);
    if (!data || typeof data !== 'object' || Array.isArray(data)) return text;
    const { collections, settings } = data as Record<string, unknown>;
    return JSON.stringify({ collections, settings });
  } catch {
    return text;
  }
}

/** One line for the import toast: what was restored and which automations were skipped. */
export function importSummary(result: {
  collectionsImported: number;
  collectionsUpdated: number;
  skipped: string[];
  settingsRestored: boolean;
}): string {
  const parts = [
    `${result.collectionsImported} saved automation${result.collectionsImported === 1 ? '' : 's'} added`,
    `${result.collectionsUpdated} updated`,
  ];
  if (result.settingsRestored) parts.push('settings restored');
  let text = `${parts.join(', ')}.`;
  if (result.skipped.length > 0) {
    const shown = result.skipped.slice(0, 5).join(', ');
    const more = result.skipped.length > 5 ? ` and ${result.skipped.length - 5} more` : '';
    text += ` Skipped (not in the library): ${shown}${more}.`;
  }
  return text;
}

/** Settings → Privacy & Data: Export Data, Import Data and the Danger Zone's Delete Account. */
export function PrivacySettings({ canImport = true }: { canImport?: boolean }) {
  const navigate = useNavigate();
  const { signOut } = useAuth();
  const qc = useQueryClient();
  const [exporting, setExporting] = useState(false);
  const [importing, setImporting] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [deleting, setDeleting] = useState(false);
  const id = useId();

  async function exportData() {
    setExporting(true);
    try {
      download(await unwrap(await api.account.export.$get()), exportFileName());
      toast.success('Data Exported', { description: 'Your data has been downloaded as a JSON file.' });
    } catch {
      toast.error('Export Failed', { description: 'Failed to export data. Please try again.' });
    } finally {
      setExporting(false);
    }
  }

  async function importData(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const body = file.size <= MAX_FILE_BYTES ? importBody(await file.text()) : undefined;
    if (body === undefined || new Blob([body]).size > MAX_IMPORT_BYTES) {
      toast.error('Import Failed', {
        description:
          'This file is too large to be an Export Data file. Choose the file Export Data downloaded.',
      });
      return;
    }
    setImporting(true);
    try {
      const result = await settingsApi.importData(body);
      void qc.invalidateQueries({ queryKey: ['library'] });
      toast.success('Data Imported', { description: importSummary(result) });
    } catch (error) {
      toast.error('Import Failed', {
        description: error instanceof ApiError ? error.message : 'Failed to import data. Please try again.',
      });
    } finally {
      setImporting(false);
    }
  }

  async function deleteAccount(event: FormEvent) {
    event.preventDefault();
    setDeleting(true);
    try {
      await authPost('delete-user', { password });
      await signOut();
      toast.success('Account Deleted', { description: 'Your account and your data have been deleted.' });
      navigate('/auth', { replace: true });
    } catch (error) {
      toast.error('Error', { description: authErrorText(error) });
    } finally {
      setDeleting(false);
    }
  }

  return (
    <div className="space-y-8">
      <section aria-labelledby={`${id}-export`} className="space-y-3">
        <h3 id={`${id}-export`} className="text-base font-semibold">
          Export Data
        </h3>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Download everything we hold about you, as JSON: your account and profile, collections, ratings,
          activity, payments, n8n connections (the API key itself stays sealed), deployments, sessions and
          sign-ins, messages and mails, and settings.
        </p>
        <Button variant="outline" onClick={() => void exportData()} disabled={exporting}>
          <Download aria-hidden="true" className="h-4 w-4" />
          Export Data
        </Button>
      </section>

      {/* Import restores collections, which only lifetime access uses. */}
      {canImport && (
        <section aria-labelledby={`${id}-import`} className="space-y-3">
          <h3 id={`${id}-import`} className="text-base font-semibold">
            Import Data
          </h3>
          <p id={`${id}-import-hint`} className="text-sm text-slate-600 dark:text-slate-400">
            Restore your collections and settings from a file that Export Data downloaded. Saved automations
            in the file are added or updated; nothing else is removed.
          </p>
          <input
            ref={fileInput}
            id={`${id}-import-file`}
            type="file"
            accept="application/json,.json"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(e) => void importData(e)}
          />
          <Button
            variant="outline"
            aria-describedby={`${id}-import-hint`}
            onClick={() => fileInput.current?.click()}
            disabled={importing}
          >
            <Upload aria-hidden="true" className="h-4 w-4" />
            {importing ? 'Importing...' : 'Import Data'}
          </Button>
        </section>
      )}

      <section aria-labelledby={`${id}-danger`} className={`space-y-3 ${cardClass({ tone: 'danger' })}`}>
        <h3 id={`${id}-danger`} className="text-base font-semibold text-red-700 dark:text-red-400">
          Danger Zone
        </h3>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Deleting your account is permanent and irreversible. Your profile, collections, ratings, activity,
          n8n connections and API keys, deployment history and settings are erased at once, and you are signed
          out everywhere. Payment records (amount, date, PayPal reference and the email you paid with) are
          kept, no longer linked to an account, because tax law requires it.
        </p>
        {confirming ? (
          <form onSubmit={deleteAccount} className="space-y-3">
            <PasswordField
              purpose="current"
              label="Enter your password to confirm"
              required
              {...bindValue(password, setPassword)}
            />
            <div className="flex flex-wrap gap-2">
              <Button type="submit" disabled={deleting || password === ''} variant="danger">
                <Trash2 aria-hidden="true" className="h-4 w-4" />
                Delete my account permanently
              </Button>
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setConfirming(false);
                  setPassword('');
                }}
              >
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <Button variant="dangerOutline" onClick={() => setConfirming(true)}>
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete Account
          </Button>
        )}
      </section>
    </div>
  );
}

import { N8N_TEXT } from '#shared/schemas/n8n.ts';
import { N8N_SETTINGS_PATH } from './deploy-dialog.tsx';

/** Under a section heading when no n8n instance is connected: what is missing and where to add it. */
export function ConnectN8nHint() {
  return (
    <p role="status" className="text-sm text-amber-800 dark:text-amber-300">
      {N8N_TEXT.notConfigured}{' '}
      <a href={N8N_SETTINGS_PATH} className="font-medium underline">
        Open N8N Integration settings
      </a>
    </p>
  );
}

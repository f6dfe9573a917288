import type { ImportResult, NotificationSettings } from '#shared/schemas/library.ts';
import { api, unwrap } from '#web/lib/api.ts';

// Settings → Notifications and Privacy & Data → Import Data, through the typed client.

export const settingsApi = {
  notifications: async (): Promise<NotificationSettings> =>
    unwrap(await api.library.settings.notifications.$get()),
  saveNotifications: async (settings: NotificationSettings): Promise<NotificationSettings> =>
    unwrap(await api.library.settings.notifications.$put({ json: settings })),
  /** Sends the export file as it is: the server checks it (400 not JSON, 422 wrong shape). */
  importData: async (text: string): Promise<ImportResult> =>
    unwrap(
      await api.library.import.$post(undefined, {
        headers: { 'content-type': 'application/json' },
        init: { body: text },
      }),
    ),
};

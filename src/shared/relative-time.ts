/**
 * Relative time (spec part 2 §4): 'Just now' (or 'Running now' for a run still going), 'N min ago',
 * 'N hour(s) ago', else the local date. The one copy: the dashboard and the n8n views use it.
 */
export function relativeTime(iso: string | null, now = Date.now(), running = false): string {
  if (!iso) return running ? 'Running now' : '';
  const minutes = Math.floor((now - Date.parse(iso)) / 60_000);
  if (minutes < 1) return running ? 'Running now' : 'Just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? '' : 's'} ago`;
  return new Date(iso).toLocaleDateString();
}

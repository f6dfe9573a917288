// The member's n8n instance address, the editor pages built on it and the query strings of API calls.
import { AppError } from '#server/lib/errors.ts';

/**
 * Trims the member's instance URL and removes trailing slashes. Accepts https, and http only when
 * the operator allows it; refuses user:password@, query strings and fragments. A path prefix
 * (n8n behind N8N_PATH) is kept.
 */
export function normalizeInstanceUrl(raw: string, options: { allowHttp?: boolean } = {}): string {
  const invalid = (userMessage: string) => new AppError('VALIDATION_FAILED', { userMessage });
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw invalid('Enter the full address of your n8n instance, e.g. https://n8n.example.com');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && options.allowHttp)) {
    throw invalid(
      options.allowHttp
        ? 'The n8n instance URL must start with https:// or http://'
        : 'The n8n instance URL must start with https://. An n8n served over plain http can be used only if the operator of this Flowvault sets N8N_ALLOW_HTTP=true.',
    );
  }
  if (url.username || url.password) throw invalid('Leave the user name and password out of the instance URL');
  if (url.search || url.hash) throw invalid('The instance URL cannot contain a query or a fragment');
  const path = url.pathname.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  return `${url.origin}${path}`;
}

/** Where the new workflow opens in the member's n8n. */
export function workflowEditorUrl(instanceUrl: string, workflowId: string): string {
  return `${instanceUrl}/workflow/${encodeURIComponent(workflowId)}`;
}

/** The instance's new-workflow page (browser fallback: paste or import the cleaned JSON there). */
export function newWorkflowUrl(instanceUrl: string): string {
  return `${instanceUrl}/workflow/new`;
}

/** `?a=1&b=2` from the defined parameters, or '' when there are none. */
export function queryString(params: Record<string, string | number | boolean | undefined>): string {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) search.set(k, String(v));
  const text = search.toString();
  return text ? `?${text}` : '';
}

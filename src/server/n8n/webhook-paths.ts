// Webhook paths of a deployment (issue 21 item 14, decision 0020). n8n registers a Webhook node with
// a `webhookId` at `/webhook/<path>` and one without at `/webhook/<workflowId>/webhook/<path>`, and two
// active workflows cannot share a path. So every deployment gets fresh webhook ids, and custom paths a
// suffix of their own, and the member is shown the URLs n8n will really listen on.
import { randomUUID } from 'node:crypto';
import type { N8nWebhookUrl } from '#shared/schemas/n8n.ts';
import type { N8nNodePayload, PreflightChange } from './preflight.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The node type n8n serves at `/webhook/<path>` (production) and `/webhook-test/<path>` (test). */
export const WEBHOOK_NODE_TYPE = 'n8n-nodes-base.webhook';

/** Other nodes with a webhook id whose `path` n8n requires. */
const PATH_REQUIRED = new Set(['n8n-nodes-base.formTrigger', '@n8n/n8n-nodes-langchain.mcpTrigger']);

/** `orders` → `orders-1a2b3c4d`; a path ending in a parameter (`users/:id`) gets its own segment. */
export function suffixPath(path: string, suffix: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const last = trimmed.split('/').pop() ?? '';
  return last.startsWith(':') ? `${trimmed}/${suffix}` : `${trimmed}-${suffix}`;
}

/**
 * Fresh webhook ids on every node that has one, and on Webhook nodes that lack one (so n8n serves
 * them at their own path). A path that was the old id (or is empty) becomes the new id; a custom path
 * keeps its words with this deployment's suffix.
 */
export function renewWebhookIds(
  nodes: N8nNodePayload[],
  changes: PreflightChange[],
  newId: () => string = randomUUID,
) {
  const renewed: string[] = [];
  const suffixed: string[] = [];
  const suffix = newId().replace(/-/g, '').slice(0, 8);
  for (const node of nodes) {
    const old = node.webhookId;
    const isWebhook = node.type === WEBHOOK_NODE_TYPE;
    if (!isWebhook && (typeof old !== 'string' || old === '')) continue;
    const fresh = newId();
    node.webhookId = fresh;
    renewed.push(node.name);
    const parameters = isObject(node.parameters) ? node.parameters : {};
    const path = typeof parameters.path === 'string' ? parameters.path.trim() : '';
    // Form and MCP triggers require a path too: an empty one gets the new id, as n8n's editor does
    // (a Form Trigger 1 without one was refused "Missing or invalid required parameters: path").
    if (path === '' && !isWebhook && !PATH_REQUIRED.has(node.type)) continue;
    if (path === '' || path === old) node.parameters = { ...parameters, path: fresh };
    else {
      node.parameters = { ...parameters, path: suffixPath(path, suffix) };
      suffixed.push(node.name);
    }
  }
  if (renewed.length === 0) return;
  const count = renewed.length === 1 ? '1 webhook node' : `${renewed.length} webhook nodes`;
  changes.push({
    code: 'webhook-renewed',
    key: 'webhookId',
    nodes: renewed,
    message:
      `Gave ${count} a new webhook id so this copy does not clash with another deployment of it` +
      (suffixed.length > 0 ? `; custom paths end in -${suffix} for this copy.` : '.'),
  });
}

/** The URLs n8n listens on for the workflow's enabled Webhook nodes (the instance URL as the base). */
export function webhookUrls(nodes: unknown[], instanceUrl: string): N8nWebhookUrl[] {
  const base = instanceUrl.replace(/\/+$/, '');
  const urls: N8nWebhookUrl[] = [];
  for (const node of nodes) {
    if (!isObject(node) || node.type !== WEBHOOK_NODE_TYPE || node.disabled === true) continue;
    if (typeof node.webhookId !== 'string' || !isObject(node.parameters)) continue;
    const path = typeof node.parameters.path === 'string' ? node.parameters.path.replace(/^\/+/, '') : '';
    if (path === '') continue;
    const method = typeof node.parameters.httpMethod === 'string' ? node.parameters.httpMethod : 'GET';
    urls.push({
      node: String(node.name),
      method,
      productionUrl: `${base}/webhook/${path}`,
      testUrl: `${base}/webhook-test/${path}`,
    });
  }
  return urls;
}

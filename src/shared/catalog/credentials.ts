import table from './credential-table.json' with { type: 'json' };
import { credentialName } from './integrations.ts';
import { isStickyNote, shortType, type WorkflowNode } from './workflow-types.ts';

// The credentials checklist (decision 0012): the file's own `credentials` entries, completed from a
// table of node type → credential types generated from n8n's published node metadata
// (scripts/catalog/gen-credential-table.ts). A node without an entry still needs its account.

type Rule = { name: string; when?: Record<string, unknown[]> };
type Entry = { rules: Rule[]; defaults?: Record<string, unknown> };
const TABLE = table as unknown as Record<string, Entry>;

/**
 * Node types n8n's metadata does not cover (community nodes, nodes n8n removed) seen in real files,
 * with the credential their files name; kept by hand (the corpus test lists any that are missing).
 */
export const COMMUNITY_CREDENTIALS: Record<string, string> = {
  'n8n-nodes-klicktipp.klicktipp': 'klickTippApi',
  'CUSTOM.klicktipp': 'klickTippApi',
  'CUSTOM.klicktippTrigger': 'klickTippApi',
  'n8n-nodes-mcp.mcpClient': 'mcpClientApi',
  'n8n-nodes-mcp.mcpClientTool': 'mcpClientApi',
  '@muench-dev/n8n-nodes-bluesky.bluesky': 'blueskyApi',
  '@watzon/n8n-nodes-perplexity.perplexity': 'perplexityApi',
  'n8n-nodes-elevenlabs.elevenLabs': 'elevenLabsApi',
  'n8n-nodes-brightdata.brightData': 'brightdataApi',
  'n8n-nodes-evolution-api.evolutionApi': 'evolutionApi',
  'n8n-nodes-dataforseo.dataForSeo': 'dataForSeoApi',
  'n8n-nodes-hdw.hdwLinkedin': 'hdwLinkedinApi',
  'n8n-nodes-hdw.hdwLinkedinManagement': 'hdwLinkedinApi',
  'n8n-nodes-hdw.hdwWebParserTool': 'hdwLinkedinApi',
  '@searchapi/n8n-nodes-searchapi.searchApi': 'searchApi',
  '@searchapi/n8n-nodes-searchapi.searchApiTool': 'searchApi',
  'n8n-nodes-netsuite.netsuite': 'netsuite',
  '@custom-js/n8n-nodes-pdf-toolkit.html2Pdf': 'customJsApi',
  '@custom-js/n8n-nodes-pdf-toolkit.CompressPDF': 'customJsApi',
  '@custom-js/n8n-nodes-pdf-toolkit.PdfToPng': 'customJsApi',
  '@custom-js/n8n-nodes-pdf-toolkit.PdfToText': 'customJsApi',
  '@custom-js/n8n-nodes-pdf-toolkit.mergePdfs': 'customJsApi',
  '@custom-js/n8n-nodes-pdf-toolkit.ExtractPages': 'customJsApi',
  '@custom-js/n8n-nodes-pdf-toolkit.websiteScreenshot': 'customJsApi',
  // Nodes n8n has since removed from its package; old files still use them.
  'n8n-nodes-base.automizy': 'automizyApi',
  'n8n-nodes-base.spontit': 'spontitApi',
};

/** True when the table knows `type` (whether or not it needs credentials). */
export function isMapped(type: string): boolean {
  return type in TABLE || type in COMMUNITY_CREDENTIALS;
}

/** Credential types the table requires for `type`, in the table's order. */
export function tableCredentials(type: string): string[] {
  if (COMMUNITY_CREDENTIALS[type]) return [COMMUNITY_CREDENTIALS[type]];
  return (TABLE[type]?.rules ?? []).map((r) => r.name);
}

/**
 * The `authentication` value under which `nodeType` uses `credentialType` (n8n's display rule), e.g.
 * googleSheets + googleSheetsOAuth2Api → {authentication: 'oAuth2'}; null when the rule has none.
 * Preflight writes it into nodes that name the credential but leave the parameter at its default,
 * because the default differs between a node's versions (Google Sheets 1 defaults to a service account).
 */
export function authenticationFor(nodeType: string, credentialType: string): Record<string, unknown> | null {
  const rule = TABLE[nodeType]?.rules.find((r) => r.name === credentialType);
  const out: Record<string, unknown> = {};
  for (const [key, allowed] of Object.entries(rule?.when ?? {})) {
    const k = key.replace(/^\//, '');
    if (k === 'authentication' && allowed.length > 0) out[k] = allowed[0];
  }
  return Object.keys(out).length ? out : null;
}

const LEGACY_HTTP_AUTH: Record<string, string> = {
  basicAuth: 'httpBasicAuth',
  digestAuth: 'httpDigestAuth',
  headerAuth: 'httpHeaderAuth',
  queryAuth: 'httpQueryAuth',
  oAuth1: 'oAuth1Api',
  oAuth2: 'oAuth2Api',
};

const str = (v: unknown) => (typeof v === 'string' && !v.startsWith('=') ? v : undefined);

/** The credential type one node needs when its file names none, or null. */
export function credentialFor(node: WorkflowNode): string | null {
  const type = node.type ?? '';
  const p = (node.parameters ?? {}) as Record<string, unknown>;
  const short = shortType(type);
  if (short === 'httpRequest' || short === 'httpRequestTool' || short === 'toolHttpRequest') {
    // The HTTP node names its credential in its parameters, or needs none.
    if (p.authentication === 'predefinedCredentialType') return str(p.nodeCredentialType) ?? null;
    if (p.authentication === 'genericCredentialType') return str(p.genericAuthType) ?? null;
    // HTTP Request 1–2 named the method itself (`authentication: 'basicAuth'`).
    const legacy = LEGACY_HTTP_AUTH[str(p.authentication) ?? ''];
    if (legacy && Number(node.typeVersion ?? 1) < 3) return legacy;
  }
  if (COMMUNITY_CREDENTIALS[type]) return COMMUNITY_CREDENTIALS[type];
  const entry = TABLE[type];
  if (!entry || entry.rules.length === 0) return null;
  // "/name" in n8n's display options means the top-level parameter `name`.
  const value = (key: string) => {
    const k = key.replace(/^\//, '');
    return p[k] ?? entry.defaults?.[k] ?? entry.defaults?.[key];
  };
  // The first rule whose conditions the node's parameters (or their defaults) meet; none → no account.
  const match = entry.rules.find((r) =>
    Object.entries(r.when ?? {}).every(([key, allowed]) => allowed.includes(value(key) as never)),
  );
  return match?.name ?? null;
}

export type RequiredCredential = { type: string; name: string; nodes: string[] };

/**
 * Credential types the workflow needs and the nodes that use each, in first-use order: a node's own
 * entries when it has any, else what the table says its type needs.
 */
export function deriveCredentials(nodes: WorkflowNode[]): RequiredCredential[] {
  const byType = new Map<string, RequiredCredential>();
  const add = (type: string, node: WorkflowNode) => {
    let entry = byType.get(type);
    if (!entry) {
      entry = { type, name: credentialName(type), nodes: [] };
      byType.set(type, entry);
    }
    const nodeName = node.name ?? shortType(node.type);
    if (!entry.nodes.includes(nodeName)) entry.nodes.push(nodeName);
  };
  for (const node of nodes) {
    if (isStickyNote(node)) continue;
    const own = node.credentials && typeof node.credentials === 'object' ? Object.keys(node.credentials) : [];
    if (own.length) for (const type of own) add(type, node);
    else {
      const needed = credentialFor(node);
      if (needed) add(needed, node);
    }
  }
  return [...byType.values()];
}

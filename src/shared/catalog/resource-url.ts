// The detail page's Template URL and Resource URL rules (spec part 2 §5). The spec names the hosts
// n8n.io, youtu.be, dev.to and community.n8n.io and redacts the others; we fill them with the sites
// the catalogue's resource links come from (docs/decisions/0004-dashboard.md).

export const RESOURCE_HOSTS = [
  'n8n.io',
  'github.com',
  'youtube.com',
  'youtu.be',
  'reddit.com',
  'skool.com',
  'medium.com',
  'dev.to',
  'community.n8n.io',
] as const;

export const TEMPLATE_HOSTS = ['n8n.io', 'github.com'] as const;

/** Resource validation results are cached this long (spec part 2 §9). */
export const RESOURCE_CACHE_MS = 3_600_000;

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;

function parse(url: string): URL | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed : null;
  } catch {
    return null;
  }
}

/** "contains one of" the allowed hosts, read as the host itself or a subdomain of it. */
function hostIn(host: string, hosts: readonly string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return hosts.some((allowed) => h === allowed || h.endsWith(`.${allowed}`));
}

export type UrlCheck = { ok: true; url: string } | { ok: false; title: string; message: string };

/** Resource URL: must parse and be on an allowed host; a YouTube link needs an 11-character id. */
export function checkResourceUrl(url: string): UrlCheck {
  const parsed = parse(url);
  if (!parsed) return { ok: false, title: 'Invalid Resource URL', message: 'The resource URL is not valid.' };
  if (!hostIn(parsed.hostname, RESOURCE_HOSTS)) {
    return {
      ok: false,
      title: 'Invalid Resource URL',
      message: "This resource URL doesn't appear to be from a trusted source.",
    };
  }
  const host = parsed.hostname.toLowerCase();
  if (hostIn(host, ['youtube.com', 'youtu.be'])) {
    const id = host.endsWith('youtu.be')
      ? parsed.pathname.split('/').filter(Boolean)[0]
      : (parsed.searchParams.get('v') ?? parsed.pathname.split('/').filter(Boolean).pop());
    if (!id || !YOUTUBE_ID.test(id)) {
      return { ok: false, title: 'Invalid Resource URL', message: 'The resource URL is not valid.' };
    }
  }
  return { ok: true, url: parsed.toString() };
}

/** Template URL: opens only on n8n.io or github.com. */
export function checkTemplateUrl(url: string): UrlCheck {
  const parsed = parse(url);
  if (!parsed) return { ok: false, title: 'Invalid URL', message: 'The template URL is not valid.' };
  if (!hostIn(parsed.hostname, TEMPLATE_HOSTS)) {
    return {
      ok: false,
      title: 'Invalid Template URL',
      message: "This template URL doesn't appear to be from a trusted source.",
    };
  }
  return { ok: true, url: parsed.toString() };
}

/** File name for a workflow download, from its title. */
export function workflowFileName(title: string): string {
  const base = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .toLowerCase()
    .slice(0, 80);
  return `${base || 'workflow'}.json`;
}

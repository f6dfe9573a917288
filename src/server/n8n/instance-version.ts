// The n8n version of an instance from what it reveals without a login (issue 24, decision 0018):
// older instances serve /rest/settings (versionCli) to anyone; newer ones need a login there, but
// their editor page carries a base64 JSON meta tag whose `release` is `n8n@<version>`.

const META = /<meta\s+name=["']n8n:config:sentry["']\s+content=["']([A-Za-z0-9+/=_-]+)["']/i;
const VERSION = /^\d+\.\d+\.\d+$/;

/** The version named by the editor page's sentry meta tag, or null. */
export function versionFromEditorHtml(html: string): string | null {
  const encoded = META.exec(html)?.[1];
  if (!encoded) return null;
  try {
    const config = JSON.parse(Buffer.from(encoded, 'base64').toString('utf8')) as { release?: unknown };
    const release = typeof config.release === 'string' ? config.release.replace(/^n8n@/, '') : '';
    return VERSION.test(release) ? release : null;
  } catch {
    return null;
  }
}

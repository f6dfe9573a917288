import DOMPurify from 'dompurify';
import { Marked } from 'marked';
import { useId, useMemo } from 'react';

// The workflow author's sticky notes (n8n stores them as Markdown), for members only (decision 0012).
// Note text comes from imported files, so it is untrusted: Markdown → HTML with marked, then DOMPurify
// keeps only harmless markup (no scripts, handlers, javascript: links, frames or forms).

const marked = new Marked({ gfm: true, breaks: true });

/** Safe HTML for one note. Links open in a new tab without an opener. */
export function noteHtml(markdown: string): string {
  const html = marked.parse(markdown, { async: false }) as string;
  const clean = DOMPurify.sanitize(html, {
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe'],
    FORBID_ATTR: ['style'],
  });
  return clean.replace(/<a /g, '<a target="_blank" rel="noopener noreferrer nofollow" ');
}

export function AuthorNotes({ notes }: { notes: string[] }) {
  const id = useId();
  const html = useMemo(() => notes.map(noteHtml), [notes]);
  if (notes.length === 0) return null;
  return (
    <section
      aria-labelledby={id}
      className="rounded-xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={id} className="mb-1 text-lg font-semibold">
        Author&apos;s notes
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        The notes the workflow&apos;s author left on the canvas, as written.
      </p>
      <div className="space-y-3">
        {html.map((h, i) => (
          <div
            // Notes have no id; their order is fixed for a given item.
            // biome-ignore lint/suspicious/noArrayIndexKey: static list
            key={i}
            className="fv-prose rounded-lg bg-amber-50 p-3 text-sm break-words dark:bg-amber-950/40 [&_img]:max-h-64 [&_pre]:overflow-x-auto"
            // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by DOMPurify above
            dangerouslySetInnerHTML={{ __html: h }}
          />
        ))}
      </div>
    </section>
  );
}

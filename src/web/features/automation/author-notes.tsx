import { useId } from 'react';
import Markdown from 'react-markdown';
import { cardClass } from '#web/components/ui/card.tsx';

// The workflow author's sticky notes (n8n stores them as Markdown), for members only (decision 0012).
// Note text comes from imported files, so it is untrusted: react-markdown builds React elements, never
// HTML strings; raw HTML in a note is shown as text and unsafe link protocols (javascript:) are removed.
// The canvas draws the same notes with the same library.

function NoteLink(props: { href?: string; children?: React.ReactNode }) {
  return (
    <a href={props.href} target="_blank" rel="noopener noreferrer nofollow">
      {props.children}
    </a>
  );
}

export function AuthorNotes({ notes }: { notes: string[] }) {
  const id = useId();
  if (notes.length === 0) return null;
  return (
    <section aria-labelledby={id} className={cardClass({ padding: 'lg' })}>
      <h2 id={id} className="mb-1 text-lg font-semibold">
        Author&apos;s notes
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        The notes the workflow&apos;s author left on the canvas, as written.
      </p>
      <div className="space-y-3">
        {notes.map((note, i) => (
          <div
            // Notes have no id; their order is fixed for a given item.
            // biome-ignore lint/suspicious/noArrayIndexKey: static list
            key={i}
            className="fv-prose rounded-lg bg-amber-50 p-3 text-sm break-words dark:bg-amber-950/40 [&_pre]:overflow-x-auto"
          >
            <Markdown skipHtml components={{ a: NoteLink, img: NoteImage }}>
              {note}
            </Markdown>
          </div>
        ))}
      </div>
    </section>
  );
}

/**
 * Notes link images from anywhere (the author's CDN, imgur); the site's CSP loads none of them, so a
 * note shows an image's alt text instead of a broken, blocked picture (as on the canvas).
 */
function NoteImage({ alt }: { alt?: string | undefined }) {
  return alt ? <span className="italic">[{alt}]</span> : null;
}

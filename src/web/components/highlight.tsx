import { Fragment } from 'react';
import { highlightRanges } from '#shared/catalog/match-rules.ts';

/** The text with the query's words marked, by the same word rules the search uses. */
export function Highlighted({ text, query }: { text: string; query?: string | undefined }) {
  const ranges = query ? highlightRanges(text, query) : [];
  if (ranges.length === 0) return <>{text}</>;
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push(<Fragment key={`t${at}`}>{text.slice(at, start)}</Fragment>);
    parts.push(
      <mark key={`m${start}`} className="rounded-sm bg-amber-200/70 px-0.5 text-inherit dark:bg-amber-400/30">
        {text.slice(start, end)}
      </mark>,
    );
    at = end;
  }
  if (at < text.length) parts.push(<Fragment key={`t${at}`}>{text.slice(at)}</Fragment>);
  return <>{parts}</>;
}

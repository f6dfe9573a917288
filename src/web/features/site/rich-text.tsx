import { Fragment } from 'react';
import { Link } from '#web/lib/navigation.tsx';

/** Plain text where "[label](/path)" becomes an internal link (operator copy such as the FAQ). */
export function RichText({ text }: { text: string }) {
  const parts = text.split(/(\[[^\]]+\]\(\/[^)]*\))/g);
  return (
    <>
      {parts.map((part, i) => {
        const m = /^\[([^\]]+)\]\((\/[^)]*)\)$/.exec(part);
        return m ? (
          <Link
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
            key={i}
            to={m[2]!}
            className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
          >
            {m[1]}
          </Link>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string
          <Fragment key={i}>{part}</Fragment>
        );
      })}
    </>
  );
}

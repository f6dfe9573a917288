import { type ReactNode, useId } from 'react';
import { COMMUNITY_AUTHOR } from '#shared/catalog/constants.ts';
import type { AutomationDetail } from '#shared/schemas/catalog.ts';
import { cardClass } from '#web/components/ui/card.tsx';

// Parts of the member detail page from decision 0012: generated steps, quality flags, honest labels.

export const plural = (n: number, one: string, many = `${one}s`) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** The catch-all author ("Community") names nobody: no author line, no "More by" block. */
export function hasNamedAuthor(a: AutomationDetail): boolean {
  return a.author.trim() !== '' && a.author !== COMMUNITY_AUTHOR;
}

/** Honest quality flags from the import (decision 0012) and readiness by graph (decision 0023). */
export function QualityNotice({ a }: { a: AutomationDetail }) {
  const q = a.quality;
  if (!q) return null;
  const lines: string[] = [];
  const flags = q.readiness?.flags;
  if (flags) {
    const blocked = flags.some((f) => f.severity === 'blocks');
    if (blocked && a.deployable) lines.push('The operator checked this workflow and allows deploying it.');
    else if (blocked) lines.push('Not deployable as it is:');
    for (const f of flags) lines.push(f.message);
  } else {
    if (q.incompleteWiring)
      lines.push(
        `Incomplete wiring: connections name nodes that are not in the file (${q.missingNodes.join(', ')}).${a.deployable ? ' The operator checked it and allows deploying.' : ' It cannot be deployed as it is.'}`,
      );
    for (const t of q.communityNodes) lines.push(`Needs community node ${t} installed in your n8n.`);
  }
  if (q.duplicateNames.length) lines.push(`Duplicate node names: ${q.duplicateNames.join(', ')}.`);
  if (lines.length === 0) return null;
  return (
    <section
      aria-label="Before you use it"
      className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-200"
    >
      <ul className="list-disc space-y-1 pl-5">
        {lines.map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
    </section>
  );
}

/** The generated "How it works" steps (one per line) as a numbered list. */
export function HowItWorks({ steps }: { steps: string }) {
  const lines = steps.split('\n').filter((line) => line.trim());
  if (lines.length === 0) return null;
  return (
    <Block title="How it works">
      <ol className="list-decimal space-y-1 pl-5">
        {lines.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: steps can repeat; order is fixed
          <li key={i}>{line}</li>
        ))}
      </ol>
    </Block>
  );
}

/** A titled card of the detail page, its heading naming the section. */
export function Block({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cardClass({ padding: 'lg' })}>
      <h2 id={id} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';
import { Badge } from '#web/components/ui/badge.tsx';

// Its own small module: the landing page's carousel hydrates it without the catalogue card's icons.

/** The line above a template card's title: its category, its difficulty, then what the card adds. */
export function CardKicker(props: { category: string; difficulty: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-xs font-medium">
      <Badge tone="brand">{props.category}</Badge>
      <span className="text-slate-600 dark:text-slate-400">{props.difficulty}</span>
      {props.children}
    </div>
  );
}

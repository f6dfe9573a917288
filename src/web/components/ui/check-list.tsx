import { Check } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

type CheckListProps = {
  /** One line each, shown after a check mark (the mark is decoration: screen readers read the list). */
  items: readonly string[];
  /** Classes for the list (its spacing, columns, text size). */
  className?: string;
  /** Classes for each mark: its size and colour (the mark never shrinks). */
  checkClassName?: string;
};

/** A list of things included or promised, a check mark before each. */
export function CheckList({ items, className, checkClassName = 'h-4 w-4' }: CheckListProps) {
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item} className="flex gap-2">
          <Check aria-hidden="true" className={cn(checkClassName, 'shrink-0')} />
          {item}
        </li>
      ))}
    </ul>
  );
}

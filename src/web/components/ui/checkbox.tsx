import type { ReactNode } from 'react';
import { cn } from '#web/lib/cn.ts';

type CheckboxProps = {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  disabled?: boolean;
  /** What ticking it means: the label's text, which names the box. */
  children: ReactNode;
  /** Classes for the label: its layout (`flex items-start`, `inline-flex items-center`) and place. */
  className?: string;
  /** Classes for the box itself (its size, nudge or accent colour). */
  boxClassName?: string;
};

/** A checkbox inside its label (a click on the text ticks it too). */
export function Checkbox({
  checked,
  onCheckedChange,
  disabled,
  children,
  className,
  boxClassName,
}: CheckboxProps) {
  return (
    <label className={cn('gap-2 text-sm', className)}>
      <input
        type="checkbox"
        className={boxClassName}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onCheckedChange(e.target.checked)}
      />
      {children}
    </label>
  );
}

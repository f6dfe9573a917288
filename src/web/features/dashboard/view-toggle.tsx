import { LayoutGrid, List } from 'lucide-react';
import { cn } from '#web/lib/cn.ts';

export type ViewMode = 'grid' | 'list';

export function ViewToggle({ value, onChange }: { value: ViewMode; onChange: (v: ViewMode) => void }) {
  const item = (mode: ViewMode, label: string, Icon: typeof List) => (
    <button
      type="button"
      aria-pressed={value === mode}
      aria-label={label}
      onClick={() => onChange(mode)}
      className={cn(
        'rounded-md p-2 focus-visible:outline-2',
        value === mode
          ? 'bg-brand-600 text-white'
          : 'text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800',
      )}
    >
      <Icon aria-hidden="true" className="h-4 w-4" />
    </button>
  );
  return (
    <div className="flex gap-1 rounded-lg border border-slate-200 p-1 dark:border-slate-700">
      {item('grid', 'Grid view', LayoutGrid)}
      {item('list', 'List view', List)}
    </div>
  );
}

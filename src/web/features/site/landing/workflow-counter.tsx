import { COUNTER_FALLBACK, COUNTER_LOADING, formatWorkflowCount } from '#shared/format-count.ts';
import { useCatalogCounters } from './catalog-data.ts';

/** "Loading..." while fetching, "2.1K+" / "850+" from the database, "1,500+" when the call fails. */
export function WorkflowCounter({ className }: { className?: string }) {
  const counters = useCatalogCounters();
  const text = counters.isPending
    ? COUNTER_LOADING
    : counters.isError
      ? COUNTER_FALLBACK
      : formatWorkflowCount(counters.data.totalWorkflows);
  return (
    <span className={className} data-testid="workflow-counter" aria-live="polite">
      {text}
    </span>
  );
}

import { Star } from 'lucide-react';
import { type KeyboardEvent, useRef } from 'react';
import { toast } from 'sonner';
import { cn } from '#web/lib/cn.ts';
import { useMyRating, useRate } from './automation-api.ts';

/** The member's 1–5 star rating: five toggle buttons (arrow keys also move and choose). */
export function StarRating({ automationId }: { automationId: string }) {
  const { data } = useMyRating(automationId, true);
  const rate = useRate(automationId);
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = rate.variables ?? data?.stars ?? 0;

  const choose = (stars: number) =>
    rate.mutate(stars, {
      onSuccess: () => toast.success('Rating saved', { description: `You rated this ${stars} of 5.` }),
      onError: (e) => toast.error('Error', { description: e.message }),
    });
  const onKeyDown = (e: KeyboardEvent, stars: number) => {
    const delta =
      e.key === 'ArrowRight' || e.key === 'ArrowUp'
        ? 1
        : e.key === 'ArrowLeft' || e.key === 'ArrowDown'
          ? -1
          : 0;
    if (!delta) return;
    e.preventDefault();
    const next = Math.min(5, Math.max(1, stars + delta));
    refs.current[next - 1]?.focus();
    choose(next);
  };

  return (
    <div className="flex items-center gap-2">
      <fieldset className="flex">
        <legend className="sr-only">Your rating</legend>
        {[1, 2, 3, 4, 5].map((stars) => (
          <button
            key={stars}
            ref={(el) => {
              refs.current[stars - 1] = el;
            }}
            type="button"
            aria-pressed={current === stars}
            aria-label={`Rate ${stars} star${stars === 1 ? '' : 's'}`}
            onClick={() => choose(stars)}
            onKeyDown={(e) => onKeyDown(e, stars)}
            className="rounded p-0.5 focus-visible:outline-2"
          >
            <Star
              aria-hidden="true"
              className={cn(
                'h-6 w-6',
                stars <= current ? 'fill-amber-400 text-amber-400' : 'text-slate-300 dark:text-slate-600',
              )}
            />
          </button>
        ))}
      </fieldset>
      {data && (
        <span className="text-sm text-slate-600 dark:text-slate-400">
          {data.rating === null ? 'No ratings yet' : `${data.rating.toFixed(1)} (${data.ratingCount})`}
        </span>
      )}
    </div>
  );
}

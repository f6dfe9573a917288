import { BadgeCheck, MapPin, Star } from 'lucide-react';
import { type RefObject, useEffect, useRef, useState } from 'react';
import type { Testimonial } from '#shared/schemas/content.ts';
import { cardClass } from '#web/components/ui/card.tsx';
import { CloseButton } from '#web/components/ui/close-button.tsx';
import { formatPublishDate } from '#web/features/site/blog/blog-filter.ts';
import { testimonials as operatorTestimonials } from '#web/features/site/site-content.ts';
import { useNavigation } from '#web/lib/navigation.tsx';
import {
  SOCIAL_PROOF_MIN_WIDTH,
  SocialProofMachine,
  type SocialProofState,
  socialProofAllowedOn,
} from './social-proof-machine.ts';

function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/**
 * What the card must never cover (issue 43): forms, prices and figures. Pages mark prices and stats with
 * `data-keep-clear`; every form counts.
 */
export const KEEP_CLEAR = 'form, [data-keep-clear]';

const overlaps = (a: DOMRect, b: DOMRect) =>
  a.width > 0 && b.width > 0 && a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;

/**
 * Whether the card, where it floats, would lie over a form, a price or a figure; measured again as the
 * page scrolls or resizes (once per frame at most).
 */
function useCoversContent(card: RefObject<HTMLElement | null>, active: boolean): boolean {
  const [covers, setCovers] = useState(false);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const el = card.current;
      if (!el) return;
      const box = el.getBoundingClientRect();
      setCovers(
        [...document.querySelectorAll(KEEP_CLEAR)].some((g) => overlaps(box, g.getBoundingClientRect())),
      );
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [card, active]);
  return covers;
}

/** "2026-03-14" → "March 2026": when the review was given. */
const reviewMonth = (date: string) => formatPublishDate(date).replace(/ \d+,/, '');

export function SocialProofView({
  testimonial,
  onClose,
  ref,
  hidden = false,
}: {
  testimonial: Testimonial;
  onClose: () => void;
  ref?: RefObject<HTMLElement | null>;
  /** Kept in place (to be measured) but invisible and out of reach: it would cover content. */
  hidden?: boolean;
}) {
  return (
    <aside
      ref={ref}
      aria-label="What members say"
      aria-hidden={hidden || undefined}
      inert={hidden || undefined}
      data-social-proof
      className={`fixed bottom-4 left-4 z-30 w-[min(22rem,calc(100vw-2rem))] shadow-xl ${cardClass()} ${hidden ? 'invisible' : ''}`}
    >
      <CloseButton
        label="Close testimonial"
        onClick={onClose}
        className="absolute right-2 top-2 h-8 w-8 rounded-full text-slate-600 dark:text-slate-300"
      />
      <div className="flex items-center gap-1" role="img" aria-label={`${testimonial.rating} out of 5 stars`}>
        {Array.from({ length: testimonial.rating }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: identical stars
          <Star key={i} aria-hidden="true" className="h-4 w-4 fill-amber-400 text-amber-400" />
        ))}
      </div>
      <p className="mt-2 line-clamp-2 pr-4 text-sm sm:line-clamp-none">“{testimonial.review}”</p>
      <p className="mt-3 flex items-center gap-1 text-sm font-semibold">
        {testimonial.name}
        {testimonial.verified && (
          <BadgeCheck aria-label="Verified purchase" className="h-4 w-4 text-brand-600 dark:text-brand-500" />
        )}
      </p>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {testimonial.title} · <MapPin aria-hidden="true" className="inline h-3 w-3" /> {testimonial.location}{' '}
        · <time dateTime={testimonial.date}>{reviewMonth(testimonial.date)}</time>
      </p>
    </aside>
  );
}

/** Whether the screen is wide enough for the floating card (never on a phone); false until known. */
function useWideEnough(): boolean {
  const [wide, setWide] = useState(false);
  useEffect(() => {
    const query = window.matchMedia?.(SOCIAL_PROOF_MIN_WIDTH);
    if (!query) return setWide(true);
    const update = () => setWide(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return wide;
}

/**
 * The floating testimonial card: 3 s, 8 s rotation, hides once on interaction, close is remembered. Only
 * the operator's real reviews (content/testimonials.json, shipped empty): with none, nothing shows.
 */
export function SocialProofCard({ testimonials = operatorTestimonials }: { testimonials?: Testimonial[] }) {
  const { pathname } = useNavigation();
  const wide = useWideEnough();
  const allowed = wide && testimonials.length > 0 && socialProofAllowedOn(pathname);
  const [state, setState] = useState<SocialProofState | null>(null);
  const machine = useRef<SocialProofMachine | null>(null);
  const card = useRef<HTMLElement | null>(null);
  const covers = useCoversContent(card, Boolean(allowed && state?.visible));

  useEffect(() => {
    if (!allowed) return;
    const m = new SocialProofMachine({ count: testimonials.length, storage: storage() });
    machine.current = m;
    setState(m.current);
    const unsubscribe = m.subscribe(setState);
    const onInteract = (event: Event) => {
      if (event.target instanceof Element && event.target.closest('[data-social-proof]')) return;
      m.interact();
    };
    window.addEventListener('scroll', onInteract, { passive: true });
    window.addEventListener('click', onInteract);
    m.start();
    return () => {
      window.removeEventListener('scroll', onInteract);
      window.removeEventListener('click', onInteract);
      unsubscribe();
      m.stop();
      machine.current = null;
    };
  }, [allowed, testimonials.length]);

  if (!allowed || !state?.visible) return null;
  const testimonial = testimonials[state.index];
  if (!testimonial) return null;
  return (
    <SocialProofView
      ref={card}
      hidden={covers}
      testimonial={testimonial}
      onClose={() => machine.current?.close()}
    />
  );
}

import { ChevronLeft, ChevronRight, Play, TrendingUp } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { hrefTo } from '#shared/routes.ts';
import type { TrendingItem } from '#shared/schemas/catalog-public.ts';
import { CardKicker } from '#web/components/card-kicker.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { cardClass } from '#web/components/ui/card.tsx';
import { Link } from '#web/lib/navigation.tsx';
import { CAROUSEL, CarouselMachine, type CarouselMode, carouselMetrics } from './carousel-machine.ts';
import { useTrending } from './catalog-data.ts';

function reducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

function TrendingCard({ item, width, ranked }: { item: TrendingItem; width: number; ranked: boolean }) {
  return (
    <li className="shrink-0 px-2" style={{ width }}>
      <article className={`flex h-full flex-col ${cardClass({ padding: 'lg' })}`}>
        <CardKicker category={item.category} difficulty={item.difficulty}>
          {item.hasVideo && <Play aria-label="Video tutorial" className="h-3.5 w-3.5 text-slate-600" />}
        </CardKicker>
        <h3 className="mt-3 line-clamp-2 font-semibold">{item.title}</h3>
        <p className="mt-2 line-clamp-3 flex-1 text-sm text-slate-600 dark:text-slate-400">{item.summary}</p>
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          {[
            // Uses only where they rank the list (the newest templates have none worth showing).
            ranked && `${item.runs.toLocaleString('en-US')} uses`,
            item.integrations.slice(0, 3).join(', '),
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <Button asChild className="mt-4">
          <Link to={hrefTo('automation', { id: item.id })} aria-label={`Get This Workflow: ${item.title}`}>
            Get This Workflow
          </Link>
        </Button>
      </article>
    </li>
  );
}

/**
 * Top 6 by real use, or the 6 newest templates while there is too little activity to rank (labelled so);
 * auto-scrolls, pauses on arrows, swipe, Space and hover.
 */
export function TrendingCarousel() {
  const trending = useTrending();
  const items = trending.data?.items ?? [];
  const ranked = trending.data?.ranking === 'trending';
  const heading = ranked ? 'Trending: most used by members' : 'New in the library';
  const viewport = useRef<HTMLDivElement>(null);
  const track = useRef<HTMLUListElement>(null);
  const machine = useRef<CarouselMachine | null>(null);
  const [mode, setMode] = useState<CarouselMode>('AUTO_SCAN_ACTIVE');
  const [cardWidth, setCardWidth] = useState<number>(CAROUSEL.cardWidthDesktop);

  useEffect(() => {
    const el = viewport.current;
    if (!el || items.length === 0) return;
    const m = new CarouselMachine({ viewportWidth: window.innerWidth, maxOffset: 0 });
    const fitToViewport = () => {
      // The card width of the new viewport (it changes at the 768 px breakpoint) sizes the track.
      const { cardWidth: card } = carouselMetrics(window.innerWidth);
      m.resize(window.innerWidth, card * items.length - el.clientWidth);
      setCardWidth(card);
    };
    fitToViewport();
    machine.current = m;
    // The offset changes on every frame: it goes straight to the track's style, so React renders
    // only when the mode changes.
    const unsubscribe = m.subscribe((s) => {
      if (track.current) track.current.style.transform = `translate3d(${-s.offset}px,0,0)`;
      setMode(s.mode);
    });
    let frame = 0;
    let onScreen = false;
    const loop = () => {
      m.frame();
      frame = requestAnimationFrame(loop);
    };
    // Scroll only while the carousel is on screen and motion is welcome.
    const observer = new IntersectionObserver(([entry]) => {
      onScreen = Boolean(entry?.isIntersecting);
      cancelAnimationFrame(frame);
      if (onScreen && !reducedMotion()) frame = requestAnimationFrame(loop);
    });
    observer.observe(el);
    window.addEventListener('resize', fitToViewport);
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', fitToViewport);
      unsubscribe();
      m.stop();
      machine.current = null;
    };
  }, [items.length]);

  if (trending.isPending) {
    return (
      <p className="flex h-64 items-center justify-center text-slate-600 dark:text-slate-400">
        Loading workflows...
      </p>
    );
  }
  if (items.length === 0) {
    return (
      <p
        className={`flex h-64 items-center justify-center px-6 text-center text-slate-600 dark:text-slate-400 ${cardClass({ tone: 'dashed', padding: 'none' })}`}
      >
        Workflows appear here once the library has some.
      </p>
    );
  }
  return (
    <section
      aria-roledescription="carousel"
      aria-labelledby="carousel-title"
      className="relative"
      onMouseEnter={() => machine.current?.hover(true)}
      onMouseLeave={() => machine.current?.hover(false)}
      onTouchStart={(e) => machine.current?.touchStart(e.touches[0]?.clientX ?? 0)}
      onTouchEnd={(e) => machine.current?.touchEnd(e.changedTouches[0]?.clientX ?? 0)}
    >
      <h3 id="carousel-title" className="text-xl font-semibold">
        {heading}
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        {ranked
          ? 'Ranked by how often members copy, download and deploy them.'
          : 'The latest templates added. A ranking by member use shows here once there is enough of it.'}
      </p>
      <div className="mt-3 mb-3 flex items-center justify-between">
        {/* Space (or Enter) on this toggle pauses and resumes the auto-scroll. */}
        <Button
          type="button"
          variant="ghost"
          aria-pressed={mode === 'MANUAL_OVERRIDE'}
          onClick={() => machine.current?.space()}
        >
          <TrendingUp aria-hidden="true" className="h-4 w-4" />
          {mode === 'AUTO_SCAN_ACTIVE' ? 'Pause auto-scroll' : 'Resume auto-scroll'}
        </Button>
        <div className="flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Previous workflows"
            onClick={() => machine.current?.arrow(-1)}
          >
            <ChevronLeft aria-hidden="true" className="h-5 w-5" />
          </Button>
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-label="Next workflows"
            onClick={() => machine.current?.arrow(1)}
          >
            <ChevronRight aria-hidden="true" className="h-5 w-5" />
          </Button>
        </div>
      </div>
      <div ref={viewport} data-carousel-viewport className="overflow-hidden rounded-xl" data-mode={mode}>
        <ul ref={track} className="flex" style={{ width: cardWidth * items.length }}>
          {items.map((item) => (
            <TrendingCard key={item.id} item={item} width={cardWidth} ranked={ranked} />
          ))}
        </ul>
      </div>
    </section>
  );
}

// The trending carousel's auto-scroll (spec part 1 §4 "Trending carousel", §9 constants), kept free
// of React and the DOM so fake-timer tests drive it.

export const CAROUSEL = {
  cardWidthMobile: 280,
  cardWidthDesktop: 320,
  stepMobile: 0.3,
  stepDesktop: 0.5,
  resumeAfterArrowMs: 3000,
  resumeAfterTouchMs: 2000,
  swipeThreshold: 50,
  mobileBreakpoint: 768,
} as const;

export type CarouselMode = 'AUTO_SCAN_ACTIVE' | 'MANUAL_OVERRIDE';
export type CarouselState = { mode: CarouselMode; hovered: boolean; offset: number };

export function carouselMetrics(viewportWidth: number) {
  const mobile = viewportWidth < CAROUSEL.mobileBreakpoint;
  return {
    cardWidth: mobile ? CAROUSEL.cardWidthMobile : CAROUSEL.cardWidthDesktop,
    step: mobile ? CAROUSEL.stepMobile : CAROUSEL.stepDesktop,
  };
}

export class CarouselMachine {
  private state: CarouselState = { mode: 'AUTO_SCAN_ACTIVE', hovered: false, offset: 0 };
  private resumeTimer: ReturnType<typeof setTimeout> | undefined;
  private touchX: number | undefined;
  private readonly listeners = new Set<(s: CarouselState) => void>();
  /** Card width (= arrow step), auto-scroll px per frame, and the largest offset before wrapping. */
  cardWidth: number;
  step: number;
  maxOffset: number;

  constructor(options: { viewportWidth: number; maxOffset: number }) {
    const m = carouselMetrics(options.viewportWidth);
    this.cardWidth = m.cardWidth;
    this.step = m.step;
    this.maxOffset = Math.max(0, options.maxOffset);
  }

  get current(): CarouselState {
    return this.state;
  }

  get scanning(): boolean {
    return this.state.mode === 'AUTO_SCAN_ACTIVE' && !this.state.hovered;
  }

  subscribe(listener: (s: CarouselState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  resize(viewportWidth: number, maxOffset: number) {
    const m = carouselMetrics(viewportWidth);
    this.cardWidth = m.cardWidth;
    this.step = m.step;
    this.maxOffset = Math.max(0, maxOffset);
    if (this.state.offset > this.maxOffset) this.set({ offset: 0 });
  }

  /** One animation frame of auto-scroll; wraps to the start at the end. */
  frame(): void {
    if (!this.scanning) return;
    const next = this.state.offset + this.step;
    this.set({ offset: next > this.maxOffset ? 0 : next });
  }

  /** Arrow buttons: move one card, pause, resume 3 s later. */
  arrow(direction: 1 | -1): void {
    this.move(direction);
    this.pauseFor(CAROUSEL.resumeAfterArrowMs);
  }

  touchStart(x: number): void {
    this.touchX = x;
    this.pauseFor(undefined);
  }

  /** A swipe of 50 px or more moves one card; auto-scroll resumes 2 s after the touch ends. */
  touchEnd(x: number): void {
    if (this.touchX !== undefined) {
      const delta = this.touchX - x;
      if (Math.abs(delta) >= CAROUSEL.swipeThreshold) this.move(delta > 0 ? 1 : -1);
    }
    this.touchX = undefined;
    this.pauseFor(CAROUSEL.resumeAfterTouchMs);
  }

  /** Space toggles between auto-scroll and manual. */
  space(): void {
    if (this.state.mode === 'AUTO_SCAN_ACTIVE') this.pauseFor(undefined);
    else {
      clearTimeout(this.resumeTimer);
      this.set({ mode: 'AUTO_SCAN_ACTIVE' });
    }
  }

  hover(hovered: boolean): void {
    this.set({ hovered });
  }

  stop(): void {
    clearTimeout(this.resumeTimer);
    this.listeners.clear();
  }

  private move(direction: 1 | -1) {
    let offset = this.state.offset + direction * this.cardWidth;
    if (offset > this.maxOffset + 0.5) offset = 0;
    else if (offset < -0.5) offset = this.maxOffset;
    this.set({ offset: Math.min(Math.max(offset, 0), this.maxOffset) });
  }

  /** MANUAL_OVERRIDE, then back to AUTO_SCAN_ACTIVE after `ms` (never, when undefined). */
  private pauseFor(ms: number | undefined) {
    clearTimeout(this.resumeTimer);
    this.set({ mode: 'MANUAL_OVERRIDE' });
    if (ms !== undefined) this.resumeTimer = setTimeout(() => this.set({ mode: 'AUTO_SCAN_ACTIVE' }), ms);
  }

  private set(patch: Partial<CarouselState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l(this.state);
  }
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CarouselMachine, carouselMetrics } from './carousel-machine.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('trending carousel', () => {
  it('uses 280 px cards and 0.3 px steps under 768 px, 320 px and 0.5 px from 768 px', () => {
    expect(carouselMetrics(767)).toEqual({ cardWidth: 280, step: 0.3 });
    expect(carouselMetrics(768)).toEqual({ cardWidth: 320, step: 0.5 });
  });

  it('auto-scrolls and wraps to the start at the end', () => {
    const m = new CarouselMachine({ viewportWidth: 1024, maxOffset: 1 });
    m.frame();
    expect(m.current.offset).toBe(0.5);
    m.frame();
    expect(m.current.offset).toBe(1);
    m.frame();
    expect(m.current.offset).toBe(0);
  });

  it('an arrow moves one card width, pauses, and resumes after 3 s', () => {
    const m = new CarouselMachine({ viewportWidth: 1024, maxOffset: 1000 });
    m.arrow(1);
    expect(m.current).toMatchObject({ mode: 'MANUAL_OVERRIDE', offset: 320 });
    m.frame();
    expect(m.current.offset).toBe(320);
    vi.advanceTimersByTime(2999);
    expect(m.current.mode).toBe('MANUAL_OVERRIDE');
    vi.advanceTimersByTime(1);
    expect(m.current.mode).toBe('AUTO_SCAN_ACTIVE');
    m.frame();
    expect(m.current.offset).toBe(320.5);
  });

  it('wraps with the arrows at both ends', () => {
    const m = new CarouselMachine({ viewportWidth: 500, maxOffset: 560 });
    m.arrow(-1);
    expect(m.current.offset).toBe(560);
    m.arrow(1);
    expect(m.current.offset).toBe(0);
  });

  it('a swipe of 50 px moves a card; it resumes 2 s after the touch ends', () => {
    const m = new CarouselMachine({ viewportWidth: 375, maxOffset: 1000 });
    m.touchStart(200);
    expect(m.current.mode).toBe('MANUAL_OVERRIDE');
    vi.advanceTimersByTime(10_000);
    expect(m.current.mode).toBe('MANUAL_OVERRIDE');
    m.touchEnd(151);
    expect(m.current.offset).toBe(0);
    m.touchStart(200);
    m.touchEnd(150);
    expect(m.current.offset).toBe(280);
    vi.advanceTimersByTime(1999);
    expect(m.current.mode).toBe('MANUAL_OVERRIDE');
    vi.advanceTimersByTime(1);
    expect(m.current.mode).toBe('AUTO_SCAN_ACTIVE');
  });

  it('Space toggles manual mode; hover pauses', () => {
    const m = new CarouselMachine({ viewportWidth: 1024, maxOffset: 1000 });
    m.space();
    expect(m.current.mode).toBe('MANUAL_OVERRIDE');
    vi.advanceTimersByTime(60_000);
    expect(m.current.mode).toBe('MANUAL_OVERRIDE');
    m.space();
    expect(m.current.mode).toBe('AUTO_SCAN_ACTIVE');
    m.hover(true);
    m.frame();
    expect(m.current.offset).toBe(0);
    m.hover(false);
    m.frame();
    expect(m.current.offset).toBe(0.5);
  });
});

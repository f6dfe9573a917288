import { describe, expect, it } from 'vitest';
import { openLiveConnection, reconnectDelay, type SyncState } from './live-connection.ts';

class FakeSource {
  onopen: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  closed = false;
  listeners = new Map<string, (e: MessageEvent) => void>();
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {
    this.closed = true;
  }
  emit(type: string, data: unknown) {
    this.listeners.get(type)?.({ data: JSON.stringify(data) } as MessageEvent);
  }
}

function harness() {
  const sources: FakeSource[] = [];
  const states: SyncState[] = [];
  const events: [string, unknown][] = [];
  const timers: { fn: () => void; ms: number; cancelled: boolean }[] = [];
  let warnings = 0;
  const connection = openLiveConnection({
    onState: (s) => states.push(s),
    onEvent: (type, data) => events.push([type, data]),
    onWarning: () => {
      warnings += 1;
    },
    createSource: () => {
      const s = new FakeSource();
      sources.push(s);
      return s;
    },
    schedule: (fn, ms) => {
      const t = { fn, ms, cancelled: false };
      timers.push(t);
      return t;
    },
    cancel: (t) => {
      (t as { cancelled: boolean }).cancelled = true;
    },
  });
  const last = () => sources.at(-1)!;
  const fire = () => timers.at(-1)!.fn();
  return { connection, sources, states, events, timers, warnings: () => warnings, last, fire };
}

describe('live connection', () => {
  it('reconnects after 1, 2, 5, 10, 10 s and warns once per outage', () => {
    const h = harness();
    expect(h.states).toEqual(['connecting']);
    h.last().onopen!(new Event('open'));
    expect(h.states.at(-1)).toBe('connected');
    for (let i = 0; i < 5; i++) {
      h.last().onerror!(new Event('error'));
      expect(h.sources.at(-1)!.closed).toBe(true);
      h.fire();
    }
    expect(h.timers.map((t) => t.ms)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000]);
    expect(h.warnings()).toBe(1);
    expect(h.states).toContain('disconnected');
    // A successful open resets the backoff and the warning.
    h.last().onopen!(new Event('open'));
    h.last().onerror!(new Event('error'));
    expect(h.timers.at(-1)!.ms).toBe(1_000);
    expect(h.warnings()).toBe(2);
  });

  it('passes typed events through and ignores malformed ones', () => {
    const h = harness();
    h.last().emit('collection', { action: 'added', automationId: 'x' });
    h.last().listeners.get('catalog')!({ data: '{nope' } as MessageEvent);
    expect(h.events).toEqual([['collection', { action: 'added', automationId: 'x' }]]);
  });

  it('manual sync reconnects at once while disconnected; stop closes everything', () => {
    const h = harness();
    h.last().onerror!(new Event('error'));
    h.connection.reconnect();
    expect(h.timers[0]!.cancelled).toBe(true);
    expect(h.sources).toHaveLength(2);
    h.last().onopen!(new Event('open'));
    h.connection.reconnect();
    expect(h.sources).toHaveLength(2);
    h.connection.stop();
    expect(h.last().closed).toBe(true);
  });

  it('delays cap at 10 s', () => {
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1_000, 2_000, 5_000, 10_000, 10_000, 10_000]);
  });
});

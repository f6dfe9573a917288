import { act } from '@testing-library/react';

// The web tests' EventSource (jsdom has none): `vi.stubGlobal('EventSource', FakeEventSource)`, then
// drive the newest one (`FakeEventSource.last`) as the server would.
export class FakeEventSource {
  static last: FakeEventSource | undefined;
  onopen: ((e: Event) => void) | null = null;
  onerror: ((e: Event) => void) | null = null;
  listeners = new Map<string, (e: MessageEvent) => void>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
    FakeEventSource.last = this;
  }
  addEventListener(type: string, listener: (e: MessageEvent) => void) {
    this.listeners.set(type, listener);
  }
  close() {}
  /** The stream opened and the server wrote its first event. */
  open() {
    act(() => this.onopen!(new Event('open')));
    this.emit('ready', { at: new Date().toISOString() });
  }
  emit(type: string, data: unknown) {
    act(() => this.listeners.get(type)!({ data: JSON.stringify(data) } as MessageEvent));
  }
}

// The floating testimonial card (spec part 1 §4 "Social-proof card", §9 timings). Plain timers, no
// React, so the behaviour is tested with fake timers.

import { isOperatorRoute, matchRoute } from '#shared/routes.ts';

export const SOCIAL_PROOF = {
  firstShowMs: 3000,
  rotateMs: 8000,
  reappearMs: 5000,
  storageKey: 'socialProofClosed',
} as const;

const EXCLUDED = ['/auth', '/payment', '/payment-success', '/payment-failed', '/dashboard'];

/** Never on the sign-in, payment, dashboard, automation or operator pages. */
export function socialProofAllowedOn(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const route = matchRoute(clean);
  if (route && isOperatorRoute(route)) return false;
  return !EXCLUDED.includes(clean) && !clean.startsWith('/automation/');
}

/**
 * Below this width the floating card would sit over the page's content and its calls to action (the
 * price card, a form's button), so a phone never gets it.
 */
export const SOCIAL_PROOF_MIN_WIDTH = '(min-width: 640px)';

export type SocialProofState = { visible: boolean; index: number; dismissed: boolean };
type Storage = Pick<globalThis.Storage, 'getItem' | 'setItem'>;

export class SocialProofMachine {
  private state: SocialProofState;
  private readonly count: number;
  private readonly storage: Storage | undefined;
  private readonly listeners = new Set<(s: SocialProofState) => void>();
  private showTimer: ReturnType<typeof setTimeout> | undefined;
  private rotateTimer: ReturnType<typeof setInterval> | undefined;
  private interacted = false;

  constructor(options: { count: number; storage?: Storage }) {
    this.count = options.count;
    this.storage = options.storage;
    let dismissed = false;
    try {
      dismissed = this.storage?.getItem(SOCIAL_PROOF.storageKey) === 'true';
    } catch {
      // Storage can be blocked; the card then simply is not remembered as closed.
    }
    this.state = { visible: false, index: 0, dismissed };
  }

  get current(): SocialProofState {
    return this.state;
  }

  subscribe(listener: (s: SocialProofState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hidden at first; shown after 3 s unless dismissed before. */
  start(): void {
    if (this.state.dismissed || this.count === 0) return;
    this.showAfter(SOCIAL_PROOF.firstShowMs);
  }

  /** The first scroll or click anywhere on the page (once only) hides the card; it returns 5 s later. */
  interact(): void {
    if (this.interacted || !this.state.visible || this.state.dismissed) return;
    this.interacted = true;
    this.hide();
    this.showAfter(SOCIAL_PROOF.reappearMs);
  }

  /** The close button: hidden for good, remembered in browser storage. */
  close(): void {
    this.stopTimers();
    try {
      this.storage?.setItem(SOCIAL_PROOF.storageKey, 'true');
    } catch {
      // Blocked storage: closed for this visit only.
    }
    this.set({ visible: false, dismissed: true });
  }

  stop(): void {
    this.stopTimers();
    this.listeners.clear();
  }

  private showAfter(ms: number) {
    clearTimeout(this.showTimer);
    this.showTimer = setTimeout(() => {
      this.set({ visible: true });
      clearInterval(this.rotateTimer);
      this.rotateTimer = setInterval(
        () => this.set({ index: (this.state.index + 1) % this.count }),
        SOCIAL_PROOF.rotateMs,
      );
    }, ms);
  }

  private hide() {
    clearInterval(this.rotateTimer);
    this.set({ visible: false });
  }

  private stopTimers() {
    clearTimeout(this.showTimer);
    clearInterval(this.rotateTimer);
  }

  private set(patch: Partial<SocialProofState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l(this.state);
  }
}

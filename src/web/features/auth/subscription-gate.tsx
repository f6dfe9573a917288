import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useAuth } from './auth-context.tsx';

/** The gate's timings (spec part 1 §4, §9). */
export const GATE_TIMINGS = {
  recheckTimeoutMs: 8_000,
  toPaymentMs: 1_000,
  toPaymentAfterFailureMs: 2_000,
} as const;

type Outcome = 'subscribed' | 'not-subscribed' | 'signed-out' | 'failed';

/**
 * Spinner while loading; no user → /auth; subscribed → children; not subscribed → one re-check with
 * an 8 s timeout, then /payment after 1 s (2 s when the check itself failed). Only UX: every member
 * API refuses non-members on the server.
 */
export function SubscriptionGate({ children }: { children: ReactNode }) {
  const { user, loading, isSubscribed, recheck } = useAuth();
  const navigate = useNavigate();
  const [rechecking, setRechecking] = useState(false);
  const started = useRef(false);
  const timers = useRef<ReturnType<typeof setTimeout>[]>([]);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  useEffect(() => {
    if (loading) return;
    if (!user) {
      navigate('/auth', { replace: true });
      return;
    }
    if (isSubscribed || started.current) return;
    started.current = true;
    setRechecking(true);
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const timedOut = new Promise<Outcome>((resolve) => {
      timeout = setTimeout(() => resolve('failed'), GATE_TIMINGS.recheckTimeoutMs);
      timers.current.push(timeout);
    });
    void Promise.race<Outcome>([recheck().catch(() => 'failed' as const), timedOut]).then((outcome) => {
      clearTimeout(timeout);
      if (outcome === 'subscribed') {
        setRechecking(false);
        return;
      }
      if (outcome === 'signed-out') {
        navigate('/auth', { replace: true });
        return;
      }
      const delay = outcome === 'failed' ? GATE_TIMINGS.toPaymentAfterFailureMs : GATE_TIMINGS.toPaymentMs;
      timers.current.push(setTimeout(() => navigate('/payment', { replace: true }), delay));
    });
  }, [loading, user, isSubscribed, recheck, navigate]);

  if (loading || !user) return <Spinner label="Loading dashboard..." className="min-h-[50vh] py-16" />;
  if (!isSubscribed || rechecking) {
    return <Spinner label="Checking your lifetime access..." className="min-h-[50vh] py-16" />;
  }
  return <>{children}</>;
}

import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { Me } from '#shared/schemas/account.ts';
import { RESET_SUBSCRIPTION, type SubscriptionState } from '#shared/subscription.ts';
import { ApiError, api, unwrap } from '#web/lib/api.ts';
import { announceToTabs, listenToTabs } from '#web/lib/tab-sync.ts';
import {
  type CheckResult,
  createSubscriptionChecker,
  type SubscriptionChecker,
} from './subscription-checker.ts';

export type AuthUser = { id: string; email: string; role?: 'user' | 'admin' };

/** The context the spec exposes (part 1 §3), plus the profile and the actions the app needs. */
export type AuthState = SubscriptionState & {
  user: AuthUser | null;
  session: { userId: string } | null;
  loading: boolean;
  profile: Me['profile'];
  /** Loads the state again now (the gate's re-check); resolves to what it found. */
  recheck(): Promise<'subscribed' | 'not-subscribed' | 'signed-out'>;
  /** Call after a successful sign-in: the subscription check runs 500 ms later. */
  signedIn(): void;
  /** Signs out everywhere; never throws (the caller goes to /auth whatever happens). */
  signOut(): Promise<void>;
  /** Updates the profile part after a save. */
  setProfile(profile: Partial<NonNullable<Me['profile']>>): void;
};

const noop = async () => {};

/** Signed out until a provider says otherwise (the prerendered HTML is always the signed-out view). */
export const signedOutState: AuthState = {
  ...RESET_SUBSCRIPTION,
  user: null,
  session: null,
  loading: false,
  profile: null,
  recheck: async () => 'signed-out',
  signedIn: () => {},
  signOut: noop,
  setProfile: () => {},
};

export const AuthContext = createContext<AuthState>(signedOutState);

export function useAuth(): AuthState {
  return useContext(AuthContext);
}

type Data = { me: Me | null; subscription: SubscriptionState; loading: boolean };

/** Who is signed in: null when signed out. */
async function loadMe(): Promise<Me | null> {
  try {
    const me = await unwrap(await api.me.$get());
    return me.user ? me : null;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return null;
    throw error;
  }
}

function fromMe(me: Me | null): Data {
  return { me, subscription: me?.subscription ?? RESET_SUBSCRIPTION, loading: false };
}

/** Holds the session and subscription state and runs the spec's checks (subscription-checker.ts). */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [data, setData] = useState<Data>({ me: null, subscription: RESET_SUBSCRIPTION, loading: true });
  const checker = useRef<SubscriptionChecker | null>(null);
  const latest = useRef<Me | null>(null);

  useEffect(() => {
    const instance = createSubscriptionChecker({
      async load(): Promise<CheckResult> {
        const me = await loadMe();
        latest.current = me;
        return me
          ? {
              kind: 'profile',
              active: me.subscription.isSubscribed,
              paymentDate: me.profile?.paymentDate ?? null,
            }
          : { kind: 'signed-out' };
      },
      onEvent(event) {
        if (event.type === 'result') setData(fromMe(latest.current));
        if (event.type === 'failed') {
          // Logged and reset to not subscribed (spec part 1 §8); the retries of §4 follow.
          console.warn('subscription check failed', event.error);
          setData((d) => ({ ...d, subscription: RESET_SUBSCRIPTION, loading: false }));
        }
      },
    });
    checker.current = instance;
    void instance.check('initial');
    return () => instance.dispose();
  }, []);

  const recheck = useCallback(async () => {
    const me = await loadMe();
    setData(fromMe(me));
    if (!me) return 'signed-out' as const;
    return me.subscription.isSubscribed ? ('subscribed' as const) : ('not-subscribed' as const);
  }, []);

  const signedIn = useCallback(() => checker.current?.signedIn(), []);

  const signOut = useCallback(async () => {
    try {
      await unwrap(await api.account['sign-out'].$post({ json: { scope: 'global' } }));
    } catch (error) {
      console.warn('sign-out call failed', error);
    } finally {
      checker.current?.dispose();
      setData({ me: null, subscription: RESET_SUBSCRIPTION, loading: false });
      // Every session ended (global sign-out, or a deleted account): the other tabs sign out at once.
      announceToTabs({ kind: 'signed-out' });
    }
  }, []);

  // What another tab of this browser did: its sign-out is ours too; its profile save is re-read.
  useEffect(
    () =>
      listenToTabs((message) => {
        if (message.kind === 'signed-out') {
          checker.current?.dispose();
          setData({ me: null, subscription: RESET_SUBSCRIPTION, loading: false });
        } else if (message.kind === 'profile') {
          void loadMe().then((me) => setData(fromMe(me)));
        }
      }),
    [],
  );

  const setProfile = useCallback((profile: Partial<NonNullable<Me['profile']>>) => {
    setData((d) => (d.me?.profile ? { ...d, me: { ...d.me, profile: { ...d.me.profile, ...profile } } } : d));
  }, []);

  const value = useMemo<AuthState>(() => {
    const me = data.me;
    return {
      ...data.subscription,
      user: me ? { id: me.user.id, email: me.user.email, role: me.user.role } : null,
      session: me ? { userId: me.user.id } : null,
      loading: data.loading,
      profile: me?.profile ?? null,
      recheck,
      signedIn,
      signOut,
      setProfile,
    };
  }, [data, recheck, signedIn, signOut, setProfile]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

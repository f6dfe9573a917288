import { createContext, useContext } from 'react';

export type AuthUser = { id: string; email: string };

export type AuthState = {
  user: AuthUser | null;
  loading: boolean;
};

// Signed out until a provider says otherwise (the prerendered HTML is always the signed-out view).
export const AuthContext = createContext<AuthState>({ user: null, loading: false });

export function useAuth(): AuthState {
  return useContext(AuthContext);
}

/**
 * The auth context: `user`, `session` and `loading`, plus sign-in, first-run
 * setup and sign-out. The session itself is an HttpOnly cookie the browser
 * keeps; this context only knows who is signed in (never a token, and nothing
 * in localStorage).
 *
 * It reads the session once at start-up, then follows every change: a sign-in
 * or sign-out here, and expiry, which it learns from any request answering
 * 401 (see `onUnauthorized` in ./api) or from a session check when the tab
 * comes back into view.
 */
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react';
import type { SecondFactorChallenge, SecondFactorSignIn, SessionInfo, SetupRequest, User } from '../api/types';
import { ApiError, onUnauthorized } from './api';
import { authReducer, initialAuthState } from './auth-state';
import { authApi, queryKeys } from './endpoints';

const setupStatusHash = JSON.stringify(queryKeys.setupStatus);

const IGNORED_SIGN_OUT_STATUSES = [401, 403, 404];

/** A right password signs in, or (with two-factor authentication on) asks for a code first. */
export type SignInResult = { signedIn: true; session: SessionInfo } | { signedIn: false; challenge: SecondFactorChallenge };

/** A tab that comes back into view re-checks its session at most this often. */
export const SESSION_RECHECK_MS = 30_000;

export type AuthContextValue = {
  user: User | null;
  session: SessionInfo | null;
  loading: boolean;
  /** The last session ended by expiry or revocation (the login page says so). */
  expired: boolean;
  /**
   * Checks the password; signs in unless a code is due (then nobody is signed in
   * yet: `signInWithCode` finishes). Rejects with an ApiError carrying the
   * server's message.
   */
  signIn: (email: string, password: string) => Promise<SignInResult>;
  /** The second step: the code (or a recovery code) with the token `signIn` returned. */
  signInWithCode: (secondFactorToken: string, code: string) => Promise<SecondFactorSignIn>;
  /** Creates the owner account (first run) and signs it in. */
  setup: (request: SetupRequest) => Promise<SessionInfo>;
  /**
   * Ends this session on the server. A failure is only logged: the user is
   * signed out here anyway.
   */
  signOut: () => Promise<void>;
};

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, dispatch] = useReducer(authReducer, initialAuthState);
  const queryClient = useQueryClient();
  const started = useRef(false);
  const lastCheck = useRef(0);
  const signedIn = state.user !== null;

  // The one start-up read (a ref keeps StrictMode's second effect run from reading twice).
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    lastCheck.current = Date.now();
    authApi.readSession().then(
      (session) => dispatch({ type: 'loaded', session }),
      (error: unknown) => {
        console.error('Could not read the session', error);
        dispatch({ type: 'loaded', session: null });
      },
    );
  }, []);

  // Any request that answers 401 ends the signed-in state.
  useEffect(
    () =>
      onUnauthorized(() => {
        dispatch({ type: 'expired' });
      }),
    [],
  );

  // A tab left open for a long time may hold a session that ended meanwhile.
  useEffect(() => {
    if (!signedIn) return;
    const recheck = () => {
      if (document.visibilityState !== 'visible' || Date.now() - lastCheck.current < SESSION_RECHECK_MS) return;
      lastCheck.current = Date.now();
      authApi.readSession().then(
        (session) => dispatch(session ? { type: 'signedIn', session } : { type: 'expired' }),
        () => {
          // Offline or a server hiccup says nothing about the session.
        },
      );
    };
    document.addEventListener('visibilitychange', recheck);
    window.addEventListener('focus', recheck);
    return () => {
      document.removeEventListener('visibilitychange', recheck);
      window.removeEventListener('focus', recheck);
    };
  }, [signedIn]);

  // Data cached for a signed-in user must not outlive the session.
  useEffect(() => {
    if (state.loading || signedIn) return;
    queryClient.removeQueries({ predicate: (query) => query.queryHash !== setupStatusHash });
  }, [state.loading, signedIn, queryClient]);

  const signIn = useCallback(async (email: string, password: string): Promise<SignInResult> => {
    const response = await authApi.signIn({ email, password });
    if ('second_factor_token' in response) return { signedIn: false, challenge: response };
    lastCheck.current = Date.now();
    dispatch({ type: 'signedIn', session: response });
    return { signedIn: true, session: response };
  }, []);

  const signInWithCode = useCallback(async (secondFactorToken: string, code: string) => {
    const signedIn = await authApi.signInWithCode({ second_factor_token: secondFactorToken, code });
    lastCheck.current = Date.now();
    dispatch({ type: 'signedIn', session: { user: signedIn.user, expires_at: signedIn.expires_at } });
    return signedIn;
  }, []);

  const setup = useCallback(async (request: SetupRequest) => {
    const session = await authApi.setup(request);
    lastCheck.current = Date.now();
    dispatch({ type: 'signedIn', session });
    return session;
  }, []);

  const signOut = useCallback(async () => {
    try {
      await authApi.signOut('local');
    } catch (error) {
      // A session the server no longer knows is as signed out as it gets (the spec's sign-out
      // ignores 401, 403 and 404); anything else is only logged.
      if (!(error instanceof ApiError && IGNORED_SIGN_OUT_STATUSES.includes(error.status))) {
        console.error('Sign-out failed', error);
      }
    }
    dispatch({ type: 'signedOut' });
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, signIn, signInWithCode, setup, signOut }),
    [state, signIn, signInWithCode, setup, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

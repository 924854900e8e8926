/**
 * The auth context's state and its transitions, kept pure so they can be
 * tested alone. It starts loading with nobody signed in, takes the session
 * read once at start-up, then follows sign-in, sign-out and expiry.
 */
import type { SessionInfo, User } from '../api/types';

export type AuthState = {
  user: User | null;
  session: SessionInfo | null;
  /** True until the first session read has answered. */
  loading: boolean;
  /** The signed-in session ended without the user signing out (expired or revoked). */
  expired: boolean;
};

export type AuthAction =
  /** The start-up session read answered (null: nobody is signed in). */
  | { type: 'loaded'; session: SessionInfo | null }
  | { type: 'signedIn'; session: SessionInfo }
  | { type: 'signedOut' }
  /** A request answered 401 (or a session check found no session). */
  | { type: 'expired' };

export const initialAuthState: AuthState = { user: null, session: null, loading: true, expired: false };

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'loaded':
      // A sign-in that finished first is newer than the start-up read.
      if (!state.loading) return state;
      return { user: action.session?.user ?? null, session: action.session, loading: false, expired: false };
    case 'signedIn':
      return { user: action.session.user, session: action.session, loading: false, expired: false };
    case 'signedOut':
      return { user: null, session: null, loading: false, expired: false };
    case 'expired':
      // Only a session that existed can expire; a 401 while nobody is signed in changes nothing.
      if (!state.user) return state;
      return { user: null, session: null, loading: false, expired: true };
  }
}

import { describe, expect, it } from 'vitest';
import type { SessionInfo } from '../api/types';
import { authReducer, initialAuthState, type AuthState } from './auth-state';

const session: SessionInfo = { user: { id: 'u1', email: 'owner@example.org' }, expires_at: '2030-01-01T00:00:00Z' };
const signedIn: AuthState = { user: session.user, session, loading: false, expired: false };
const signedOut: AuthState = { user: null, session: null, loading: false, expired: false };

describe('authReducer', () => {
  it('starts loading with no user and no session', () => {
    expect(initialAuthState).toEqual({ user: null, session: null, loading: true, expired: false });
  });

  it('takes the start-up read: signed in, or nobody', () => {
    expect(authReducer(initialAuthState, { type: 'loaded', session })).toEqual(signedIn);
    expect(authReducer(initialAuthState, { type: 'loaded', session: null })).toEqual(signedOut);
  });

  it('ignores a late start-up read after a sign-in', () => {
    expect(authReducer(signedIn, { type: 'loaded', session: null })).toBe(signedIn);
  });

  it('signs in and out', () => {
    expect(authReducer(signedOut, { type: 'signedIn', session })).toEqual(signedIn);
    expect(authReducer(signedIn, { type: 'signedOut' })).toEqual(signedOut);
  });

  it('marks an ended session as expired, and a sign-in clears the mark', () => {
    const expired = authReducer(signedIn, { type: 'expired' });
    expect(expired).toEqual({ ...signedOut, expired: true });
    expect(authReducer(expired, { type: 'signedIn', session })).toEqual(signedIn);
    expect(authReducer(expired, { type: 'signedOut' })).toEqual(signedOut);
  });

  it('does not call it expiry when nobody was signed in', () => {
    expect(authReducer(signedOut, { type: 'expired' })).toBe(signedOut);
    expect(authReducer(initialAuthState, { type: 'expired' })).toBe(initialAuthState);
  });
});

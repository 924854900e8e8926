// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SessionInfo } from '../api/types';
import { api } from './api';
import { AuthProvider, SESSION_RECHECK_MS, useAuth, type AuthContextValue } from './auth';

const session: SessionInfo = { user: { id: 'u1', email: 'owner@example.org' }, expires_at: '2030-01-01T00:00:00Z' };

type Reply = { status: number; body?: unknown } | Error;

/** A fetch that answers each path from a queue of replies. */
function fakeServer(routes: Record<string, Reply[]>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = String(input);
    calls.push(`${init?.method ?? 'GET'} ${path}`);
    const reply = routes[path]?.shift();
    if (!reply) throw new Error(`unexpected request ${path}`);
    if (reply instanceof Error) throw reply;
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const unauthorized = { status: 401, body: { error: { code: 'unauthorized', message: 'Authentication required' } } };

let root: Root | null = null;
let latest: AuthContextValue | null = null;
const seen: Array<Pick<AuthContextValue, 'user' | 'loading' | 'expired'>> = [];

function Probe() {
  const value = useAuth();
  latest = value;
  seen.push({ user: value.user, loading: value.loading, expired: value.expired });
  return null;
}

async function mount() {
  const container = document.createElement('div');
  document.body.append(container);
  const queryClient = new QueryClient();
  await act(async () => {
    root = createRoot(container);
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <Probe />
          </AuthProvider>
        </QueryClientProvider>
      </StrictMode>,
    );
  });
}

function auth(): AuthContextValue {
  if (!latest) throw new Error('not mounted');
  return latest;
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  latest = null;
  seen.length = 0;
  localStorage.clear();
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('AuthProvider', () => {
  it('starts loading with no user, reads the session once, then has the user', async () => {
    const calls = fakeServer({ '/api/auth/session': [{ status: 200, body: session }] });
    await mount();
    expect(seen[0]).toEqual({ user: null, loading: true, expired: false });
    await vi.waitFor(() => expect(auth().loading).toBe(false));
    expect(auth().user).toEqual(session.user);
    expect(auth().session).toEqual(session);
    expect(calls).toEqual(['GET /api/auth/session']); // once, even under StrictMode
  });

  it('ends loading with nobody signed in when there is no session (not an expiry)', async () => {
    fakeServer({ '/api/auth/session': [unauthorized] });
    await mount();
    await vi.waitFor(() => expect(auth().loading).toBe(false));
    expect(auth().user).toBeNull();
    expect(auth().expired).toBe(false);
  });

  it('also takes a 204 from the session read as nobody signed in', async () => {
    fakeServer({ '/api/auth/session': [{ status: 204 }] });
    await mount();
    await vi.waitFor(() => expect(auth().loading).toBe(false));
    expect(auth().user).toBeNull();
  });

  it('re-checks the session when the tab comes back into view, at most every 30 s', async () => {
    const calls = fakeServer({ '/api/auth/session': [{ status: 200, body: session }, unauthorized] });
    await mount();
    await vi.waitFor(() => expect(auth().user).not.toBeNull());
    const start = Date.now();
    const now = vi.spyOn(Date, 'now');

    now.mockReturnValue(start + 10_000);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(calls).toHaveLength(1); // too soon

    now.mockReturnValue(start + SESSION_RECHECK_MS + 1);
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await vi.waitFor(() => expect(auth().expired).toBe(true));
    expect(calls).toEqual(['GET /api/auth/session', 'GET /api/auth/session']);
    expect(auth().user).toBeNull();
  });

  it('signs in, keeping nothing in localStorage', async () => {
    fakeServer({ '/api/auth/session': [unauthorized], '/api/auth/token': [{ status: 200, body: session }] });
    await mount();
    await vi.waitFor(() => expect(auth().loading).toBe(false));
    await act(async () => {
      await auth().signIn('owner@example.org', 'correct horse battery staple');
    });
    expect(auth().user).toEqual(session.user);
    expect(localStorage.length).toBe(0);
  });

  it('with two-factor authentication, the password signs nobody in; the code does', async () => {
    const challenge = { second_factor_token: 't0k3n', expires_at: '2030-01-01T00:05:00Z' };
    const calls = fakeServer({
      '/api/auth/session': [unauthorized],
      '/api/auth/token': [{ status: 200, body: challenge }],
      '/api/auth/token/second-factor': [{ status: 200, body: { ...session, recovery_codes_left: 9 } }],
    });
    await mount();
    await vi.waitFor(() => expect(auth().loading).toBe(false));
    let result: unknown;
    await act(async () => {
      result = await auth().signIn('owner@example.org', 'correct horse battery staple');
    });
    expect(result).toEqual({ signedIn: false, challenge });
    expect(auth().user).toBeNull();
    let signedIn: unknown;
    await act(async () => {
      signedIn = await auth().signInWithCode(challenge.second_factor_token, 'ABCDE-FGHJK');
    });
    expect(signedIn).toMatchObject({ recovery_codes_left: 9 });
    expect(auth().user).toEqual(session.user);
    expect(auth().session).toEqual(session);
    expect(calls).toEqual(['GET /api/auth/session', 'POST /api/auth/token', 'POST /api/auth/token/second-factor']);
  });

  it('rejects a failed sign-in with the server message and stays signed out', async () => {
    fakeServer({
      '/api/auth/session': [unauthorized],
      '/api/auth/token': [{ status: 400, body: { error: { code: 'bad_request', message: 'Invalid login credentials' } } }],
    });
    await mount();
    await vi.waitFor(() => expect(auth().loading).toBe(false));
    let failure: unknown;
    await act(async () => {
      failure = await auth()
        .signIn('owner@example.org', 'wrong')
        .catch((e: unknown) => e);
    });
    expect(failure).toMatchObject({ status: 400, message: 'Invalid login credentials' });
    expect(auth().user).toBeNull();
    expect(auth().expired).toBe(false);
  });

  it('treats a 401 from any other request as an expired session', async () => {
    fakeServer({ '/api/auth/session': [{ status: 200, body: session }], '/api/settings': [unauthorized] });
    await mount();
    await vi.waitFor(() => expect(auth().user).not.toBeNull());
    await act(async () => {
      await api.get('/api/settings').catch(() => undefined);
    });
    expect(auth().user).toBeNull();
    expect(auth().session).toBeNull();
    expect(auth().expired).toBe(true);
  });

  it('signs out locally even when the server call fails, and only logs the failure', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const calls = fakeServer({
      '/api/auth/session': [{ status: 200, body: session }],
      '/api/auth/logout?scope=local': [new TypeError('Failed to fetch')],
    });
    await mount();
    await vi.waitFor(() => expect(auth().user).not.toBeNull());
    await act(async () => {
      await auth().signOut();
    });
    expect(calls).toContain('POST /api/auth/logout?scope=local');
    expect(auth().user).toBeNull();
    expect(auth().expired).toBe(false);
    expect(consoleError).toHaveBeenCalledWith('Sign-out failed', expect.anything());
  });

  it('a 401 from the sign-out is neither an expiry nor a failure', async () => {
    fakeServer({ '/api/auth/session': [{ status: 200, body: session }], '/api/auth/logout?scope=local': [unauthorized] });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await mount();
    await vi.waitFor(() => expect(auth().user).not.toBeNull());
    await act(async () => {
      await auth().signOut();
    });
    expect(auth().user).toBeNull();
    expect(auth().expired).toBe(false);
    expect(consoleError).not.toHaveBeenCalled();
  });
});

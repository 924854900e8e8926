/** Typed calls for the account and site-settings endpoints, and their TanStack Query keys. */
import type {
  ChangePasswordRequest,
  SessionInfo,
  SessionSummary,
  SetupRequest,
  SetupStatus,
  SignInRequest,
  SignOutScope,
  SiteSettings,
  SiteSettingsView,
} from '../api/types';
import { ApiError, api } from './api';

export const queryKeys = {
  setupStatus: ['auth', 'setup'] as const,
  sessions: ['auth', 'sessions'] as const,
  siteSettings: ['settings'] as const,
};

export const authApi = {
  /** The current session, or null when nobody is signed in (a 401 is an answer here, not an expiry). */
  async readSession(signal?: AbortSignal): Promise<SessionInfo | null> {
    try {
      // A server may also answer "nobody" with 204 or `null` instead of 401.
      return (await api.get<SessionInfo | null | undefined>('/api/auth/session', { signal, notifyUnauthorized: false })) ?? null;
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null;
      throw error;
    }
  },
  signIn: (request: SignInRequest) => api.post<SessionInfo>('/api/auth/token', request, { notifyUnauthorized: false }),
  /** Ends sessions by scope; local and global also clear the cookie. */
  signOut: (scope: SignOutScope = 'local') =>
    api.post<void>(`/api/auth/logout?scope=${scope}`, undefined, { notifyUnauthorized: scope === 'others' }),
  setupStatus: () => api.get<SetupStatus>('/api/auth/setup', { notifyUnauthorized: false }),
  setup: (request: SetupRequest) => api.post<SessionInfo>('/api/auth/setup', request, { notifyUnauthorized: false }),
  changePassword: (request: ChangePasswordRequest) => api.put<void>('/api/auth/password', request),
  listSessions: () => api.get<SessionSummary[]>('/api/auth/sessions'),
  revokeSession: (id: string) => api.delete(`/api/auth/sessions/${encodeURIComponent(id)}`),
};

export const settingsApi = {
  read: () => api.get<SiteSettingsView>('/api/settings'),
  save: (settings: SiteSettings) => api.put<SiteSettingsView>('/api/settings', settings),
};

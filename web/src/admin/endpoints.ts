/** Typed calls for the account and site-settings endpoints, and their TanStack Query keys. */
import type {
  CertificateStatus,
  ChangePasswordRequest,
  SampleText,
  ScholarlyDashboard,
  Report,
  CodeRequest,
  Confirmation,
  DisableRequest,
  Enrolment,
  RecoveryCodes,
  SecondFactorSignIn,
  SecondFactorSignInRequest,
  SecondFactorStatus,
  SessionInfo,
  SessionSummary,
  SetupRequest,
  SetupStatus,
  SiteGenerator,
  SiteImportAnswer,
  SignInRequest,
  SignInResponse,
  SignOutScope,
  SiteSettings,
  SiteSettingsView,
  StartEnrolmentRequest,
  OutdatedCount,
  Translation,
  TranslationKind,
  TranslationList,
} from '../api/types';
import { ApiError, api } from './api';
import { postFileWithProgress } from './entities/kit/upload-client';

/**
 * `PUT /api/settings`: every setting but the sentences (each page's card saves
 * those, `sentencesApi`), and the owner's confirmation when the change adds a
 * script (src/http/settings_api.rs).
 */
export type SiteSettingsRequest = Omit<SiteSettings, 'texts'> & Partial<Confirmation>;

export const queryKeys = {
  setupStatus: ['auth', 'setup'] as const,
  sessions: ['auth', 'sessions'] as const,
  secondFactor: ['auth', 'second-factor'] as const,
  siteSettings: ['settings'] as const,
  certificate: ['admin', 'certificate'] as const,
  scholarly: ['admin', 'scholarly'] as const,
  sampleTexts: ['admin', 'sample-texts'] as const,
  stats: (from: string, to: string) => ['admin', 'stats', from, to] as const,
  /** Every translation query (an edit of a source text makes them stale). */
  allTranslations: ['admin', 'translations'] as const,
  translations: (lang: string) => ['admin', 'translations', lang] as const,
  /** One item's texts in `lang`: its edit form's language tabs. */
  itemTranslations: (lang: string, kind: TranslationKind, itemId: string) => ['admin', 'translations', lang, kind, itemId] as const,
  outdatedTranslations: ['admin', 'translations-outdated'] as const,
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
  /** The session, or (with two-factor authentication on) the token the code must come with. */
  signIn: (request: SignInRequest) => api.post<SignInResponse>('/api/auth/token', request, { notifyUnauthorized: false }),
  /** The sign-in's second step: the code after the password. */
  signInWithCode: (request: SecondFactorSignInRequest) =>
    api.post<SecondFactorSignIn>('/api/auth/token/second-factor', request, { notifyUnauthorized: false }),
  /** Ends sessions by scope; local and global also clear the cookie. */
  signOut: (scope: SignOutScope = 'local') =>
    api.post<void>(`/api/auth/logout?scope=${scope}`, undefined, { notifyUnauthorized: scope === 'others' }),
  setupStatus: () => api.get<SetupStatus>('/api/auth/setup', { notifyUnauthorized: false }),
  setup: (request: SetupRequest) => api.post<SessionInfo>('/api/auth/setup', request, { notifyUnauthorized: false }),
  changePassword: (request: ChangePasswordRequest) => api.put<void>('/api/auth/password', request),
  listSessions: () => api.get<SessionSummary[]>('/api/auth/sessions'),
  revokeSession: (id: string) => api.delete(`/api/auth/sessions/${encodeURIComponent(id)}`),
};

export const secondFactorApi = {
  status: () => api.get<SecondFactorStatus>('/api/auth/second-factor'),
  startEnrolment: (request: StartEnrolmentRequest) => api.post<Enrolment>('/api/auth/second-factor/enrolment', request),
  confirmEnrolment: (request: CodeRequest) => api.post<RecoveryCodes>('/api/auth/second-factor/enrolment/confirm', request),
  regenerateRecoveryCodes: (request: CodeRequest) => api.post<RecoveryCodes>('/api/auth/second-factor/recovery-codes', request),
  disable: (request: DisableRequest) => api.post<void>('/api/auth/second-factor/disable', request),
};

export const settingsApi = {
  read: () => api.get<SiteSettingsView>('/api/settings'),
  /** With the password (and a code) when the change adds a script to visitors' pages (`addsScript`). */
  save: (settings: SiteSettingsRequest) => api.put<SiteSettingsView>('/api/settings', settings),
};

/** The owner's wording of fixed public sentences, by key; '' puts a default back (src/content/sentences.rs). */
export const sentencesApi = {
  save: (texts: Record<string, string>) => api.put<SiteSettingsView>('/api/settings/texts', texts),
};

/** The HTTPS certificate Vita gets itself (`--domain`); null when it does not. */
export const certificateApi = {
  status: () => api.get<CertificateStatus | null>('/api/admin/certificate'),
};

/** Citation counts, the outside sources' last runs and errors, and the ORCID check. */
/** The public texts still the spec's sample, for the dashboard (src/content/sample_texts.rs). */
export const sampleTextsApi = {
  list: () => api.get<SampleText[]>('/api/admin/sample-texts'),
};

export const scholarlyApi = {
  dashboard: () => api.get<ScholarlyDashboard>('/api/admin/scholarly'),
};

/** `GET /api/admin/stats?from=&to=` (src/http/stats_api.rs): days as YYYY-MM-DD, both included. */
/** One translation's address: `<kind>/<item id>/<field>/<lang>` (src/http/translations_api.rs). */
export type TranslationTarget = { kind: TranslationKind; item_id: string; field: string; lang: string };

function translationPath({ kind, item_id, field, lang }: TranslationTarget): string {
  return `/api/admin/translations/${kind}/${encodeURIComponent(item_id)}/${field}/${encodeURIComponent(lang)}`;
}

/** The owner's translations (issue 45): the list per language, writes and reviews. */
export const translationsApi = {
  list: (lang: string) => api.get<TranslationList>(`/api/admin/translations?lang=${encodeURIComponent(lang)}`),
  /** One item's texts (a page text's item is its section: `hero`). */
  ofItem: (lang: string, kind: TranslationKind, itemId: string) =>
    api.get<TranslationList>(`/api/admin/translations?${new URLSearchParams({ lang, kind, item: itemId })}`),
  outdated: () => api.get<OutdatedCount[]>('/api/admin/translations/outdated'),
  save: (target: TranslationTarget, text: string) => api.put<Translation>(translationPath(target), { text }),
  markReviewed: (target: TranslationTarget) => api.post<Translation>(`${translationPath(target)}/reviewed`),
  delete: (target: TranslationTarget) => api.delete(translationPath(target)),
};

export const statsApi = {
  report: (from: string, to: string) => api.get<Report>(`/api/admin/stats?from=${from}&to=${to}`),
};

/** "Import a site" (src/http/site_import.rs): the upload's dry run, then its import. */
export const siteImportApi = {
  /** Uploads the site's archive (`generator` overrides the detection) and answers the dry run's report with a token. */
  preview: (file: File, generator: SiteGenerator | null, onProgress: (sent: number) => void) =>
    postFileWithProgress<SiteImportAnswer>(`/api/site-import${generator ? `?generator=${generator}` : ''}`, file, onProgress),
  /** Imports the upload the token names, and answers what it did. */
  run: (token: string) => api.post<SiteImportAnswer>(`/api/site-import/${encodeURIComponent(token)}`),
  /** Drops the upload unimported. */
  discard: (token: string) => api.delete(`/api/site-import/${encodeURIComponent(token)}`),
};

/**
 * The admin's one HTTP client for the `/api` of the vita server.
 *
 * - Same-origin requests carrying the HttpOnly session cookie (no token is
 *   ever visible to page scripts or kept in localStorage).
 * - JSON in and out; 204 answers resolve to `undefined`.
 * - Every failure becomes an `ApiError` with the server's `code`, `message`
 *   and per-field messages, so forms can show them next to their fields.
 * - A 401 means the session is gone (expired, revoked, signed out elsewhere):
 *   listeners registered with `onUnauthorized` (the auth context) are told, so
 *   the user lands on the login page. The session read, sign-in and sign-out
 *   opt out: for them a 401 is an expected answer, not an expiry.
 */
import type { ErrorBody, Existing, FieldErrors } from '../api/types';

/** `code` of errors that never reached the server or did not come from it. */
export const NETWORK_ERROR = 'network_error';
export const UNEXPECTED_RESPONSE = 'unexpected_response';

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly fields: FieldErrors;
  /** Seconds from a `Retry-After` header (429), when given. */
  readonly retryAfter: number | undefined;
  /** The message is the server's own (from its error body), not one made up here. */
  readonly fromServer: boolean;
  /** The stored item a 409 conflict is with (a paper that has the DOI already). */
  readonly existing: Existing | undefined;

  constructor(
    status: number,
    code: string,
    message: string,
    {
      fields = {},
      retryAfter,
      fromServer = false,
      existing,
    }: { fields?: FieldErrors; retryAfter?: number; fromServer?: boolean; existing?: Existing } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.retryAfter = retryAfter;
    this.fromServer = fromServer;
    this.existing = existing;
  }

  /** The message for one field, if the server gave one. */
  field(name: string): string | undefined {
    return this.fields[name];
  }
}

function isErrorBody(value: unknown): value is ErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const detail = (value as { error: unknown }).error;
  return (
    typeof detail === 'object' &&
    detail !== null &&
    typeof (detail as { code?: unknown }).code === 'string' &&
    typeof (detail as { message?: unknown }).message === 'string'
  );
}

function isExisting(value: unknown): value is Existing {
  if (typeof value !== 'object' || value === null) return false;
  const { id, slug, title } = value as Record<string, unknown>;
  return typeof id === 'string' && typeof slug === 'string' && typeof title === 'string';
}

function fallbackMessage(status: number): string {
  if (status === 401) return 'Your session has expired. Please sign in again.';
  if (status === 403) return 'You are not allowed to do this.';
  if (status === 404) return 'Not found.';
  if (status === 413) return 'The upload is too large.';
  if (status === 429) return 'Too many requests. Please try again later.';
  if (status >= 500) return `The server could not complete the request (${status}). Please try again.`;
  return `The request failed (${status}).`;
}

function parseRetryAfter(value: string | null): number | undefined {
  if (value === null) return undefined;
  const seconds = Number(value.trim());
  return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
}

/**
 * Maps a failed response to an `ApiError`: the server's error body when there
 * is one, otherwise a message that fits the status.
 */
export function toApiError(status: number, body: unknown, retryAfterHeader: string | null = null): ApiError {
  const retryAfter = parseRetryAfter(retryAfterHeader);
  if (isErrorBody(body)) {
    const { code, message, fields, existing } = body.error;
    const cleanFields: FieldErrors = {};
    if (fields && typeof fields === 'object') {
      for (const [name, text] of Object.entries(fields)) {
        if (typeof text === 'string') cleanFields[name] = text;
      }
    }
    return new ApiError(status, code, message || fallbackMessage(status), {
      fields: cleanFields,
      retryAfter,
      fromServer: Boolean(message),
      existing: isExisting(existing) ? existing : undefined,
    });
  }
  return new ApiError(status, status >= 500 ? 'server_error' : UNEXPECTED_RESPONSE, fallbackMessage(status), { retryAfter });
}

/** Turns anything thrown by a request into an `ApiError` (network failures included). */
export function asApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, NETWORK_ERROR, 'Could not reach the server. Check your connection and try again.');
}

/**
 * The message to show for an error: the server's own message when it sent
 * one, otherwise `fallback` (the spec's 'Failed to sign in', 'An error
 * occurred', …). Errors the server did not explain fall back too.
 */
export function errorMessage(error: unknown, fallback = 'An error occurred'): string {
  if (error instanceof ApiError) return error.fromServer ? error.message : fallback;
  return fallback;
}

type UnauthorizedListener = (error: ApiError) => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Calls `listener` whenever a request answers 401 (unless it opted out). Returns the unsubscribe. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => {
    unauthorizedListeners.delete(listener);
  };
}

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as it is, as text/plain (a .bib file), instead of `body`. */
  text?: string;
  signal?: AbortSignal;
  /** false: a 401 is the caller's business and does not end the signed-in state. */
  notifyUnauthorized?: boolean;
  /** Sees a successful response before its body is read (a list's `X-Total-Count`). */
  onResponse?: (response: Response) => void;
};

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, text, signal, notifyUnauthorized = true, onResponse } = options;
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (text !== undefined) headers['Content-Type'] = 'text/plain; charset=utf-8';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: text ?? (body === undefined ? undefined : JSON.stringify(body)),
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw asApiError(error);
  }

  if (response.ok) {
    onResponse?.(response);
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    if (text === '') return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ApiError(response.status, UNEXPECTED_RESPONSE, 'The server sent an answer that could not be read.');
    }
  }

  let parsed: unknown = null;
  try {
    parsed = JSON.parse(await response.text());
  } catch {
    // Not JSON (a proxy's error page, an empty body): the status decides the message.
  }
  const error = toApiError(response.status, parsed, response.headers.get('Retry-After'));
  if (error.status === 401 && notifyUnauthorized) {
    for (const listener of [...unauthorizedListeners]) listener(error);
  }
  throw error;
}

type BodyOptions = Omit<RequestOptions, 'method' | 'body'>;

/** Shorthands: `api.get<T>(path)`, `api.post<T>(path, body)`, … */
export const api = {
  get: <T>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = void>(path: string, options?: BodyOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR, api, apiRequest, errorMessage, onUnauthorized, toApiError } from './api';
import { fetchStubPerTest } from './testing';

const stubFetch = fetchStubPerTest();

function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

function mockFetch(...responses: Array<Response | Error>) {
  const fetchMock = vi.fn<typeof fetch>();
  for (const response of responses) {
    if (response instanceof Error) fetchMock.mockRejectedValueOnce(response);
    else fetchMock.mockResolvedValueOnce(response);
  }
  return stubFetch(fetchMock);
}

describe('toApiError', () => {
  it('keeps the code, message and fields of the server error body', () => {
    const error = toApiError(422, {
      error: { code: 'weak_password', message: 'Password must be at least 10 characters long', fields: { password: 'Too short' } },
    });
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(422);
    expect(error.code).toBe('weak_password');
    expect(error.message).toBe('Password must be at least 10 characters long');
    expect(error.fields).toEqual({ password: 'Too short' });
    expect(error.field('password')).toBe('Too short');
    expect(error.fromServer).toBe(true);
  });

  it('reads Retry-After in seconds', () => {
    const error = toApiError(
      429,
      { error: { code: 'too_many_requests', message: 'Too many failed sign-in attempts. Try again in 15 minutes.' } },
      '900',
    );
    expect(error.retryAfter).toBe(900);
    expect(toApiError(429, null, 'soon').retryAfter).toBeUndefined();
  });

  it('makes up a message from the status when the body is not an error body', () => {
    const bad = toApiError(502, '<html>Bad Gateway</html>');
    expect(bad.code).toBe('server_error');
    expect(bad.message).toMatch(/502/);
    expect(bad.fromServer).toBe(false);
    expect(bad.fields).toEqual({});
    expect(toApiError(404, { something: 'else' }).code).toBe('unexpected_response');
  });

  it('drops field messages that are not text', () => {
    const error = toApiError(422, { error: { code: 'validation', message: 'Bad', fields: { a: 'ok', b: 3 } } });
    expect(error.fields).toEqual({ a: 'ok' });
  });
});

describe('errorMessage', () => {
  it("shows the server's message, else the fallback", () => {
    expect(
      errorMessage(toApiError(400, { error: { code: 'bad_request', message: 'Invalid login credentials' } }), 'Failed to sign in'),
    ).toBe('Invalid login credentials');
    expect(errorMessage(toApiError(500, null), 'Failed to sign in')).toBe('Failed to sign in');
    expect(errorMessage(new TypeError('boom'), 'Failed to sign in')).toBe('Failed to sign in');
    expect(errorMessage(undefined)).toBe('An error occurred');
  });
});

describe('apiRequest', () => {
  it('sends JSON with the same-origin cookie and parses the answer', async () => {
    const fetchMock = mockFetch(jsonResponse(200, { ok: true }));
    await expect(api.put('/api/settings', { a: 1 })).resolves.toEqual({ ok: true });
    const [path, init] = fetchMock.mock.calls[0]!;
    expect(path).toBe('/api/settings');
    expect(init?.method).toBe('PUT');
    expect(init?.credentials).toBe('same-origin');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string> | undefined)?.['Content-Type']).toBe('application/json');
  });

  it('resolves a 204 to undefined and sends no body when there is none', async () => {
    const fetchMock = mockFetch(new Response(null, { status: 204 }));
    await expect(api.post('/api/auth/logout?scope=local')).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0]![1]!;
    expect(init.body).toBeUndefined();
    expect((init.headers as Record<string, string>)['Content-Type']).toBeUndefined();
  });

  it('rejects with an ApiError carrying the server error', async () => {
    mockFetch(jsonResponse(400, { error: { code: 'bad_request', message: 'Invalid login credentials' } }));
    const error = await api.post('/api/auth/token', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'bad_request', message: 'Invalid login credentials' });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    mockFetch(new TypeError('Failed to fetch'));
    await expect(api.get('/api/settings')).rejects.toMatchObject({ status: 0, code: NETWORK_ERROR });
  });

  it('tells the unauthorized listeners about a 401, unless the call opted out', async () => {
    const listener = vi.fn();
    const unsubscribe = onUnauthorized(listener);
    const unauthorized = () => jsonResponse(401, { error: { code: 'unauthorized', message: 'Authentication required' } });
    mockFetch(unauthorized(), unauthorized(), jsonResponse(403, { error: { code: 'forbidden', message: 'No' } }), unauthorized());

    await expect(api.get('/api/settings')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(listener.mock.calls[0]![0]).toMatchObject({ status: 401, message: 'Authentication required' });

    await expect(apiRequest('/api/auth/session', { notifyUnauthorized: false })).rejects.toMatchObject({ status: 401 });
    await expect(api.get('/api/settings')).rejects.toMatchObject({ status: 403 });
    expect(listener).toHaveBeenCalledTimes(1);

    unsubscribe();
    await expect(api.get('/api/settings')).rejects.toMatchObject({ status: 401 });
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it('maps an error answer that is not JSON by its status', async () => {
    mockFetch(new Response('upstream down', { status: 503 }));
    await expect(api.get('/api/settings')).rejects.toMatchObject({ status: 503, code: 'server_error', fromServer: false });
  });
});

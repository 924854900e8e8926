import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api';
import { fetchStubPerTest } from '../../testing';
import { isTooLarge, removeUpload, tooLargeMessage, uploadFile, uploadedName } from './upload-client';

const MB = 1024 * 1024;

const stubAnswers = fetchStubPerTest();

/** A fetch that answers every request with `status` and `body`. */
function stubFetch(status: number, body: unknown) {
  return stubAnswers(
    vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) => new Response(body === undefined ? null : JSON.stringify(body), { status }),
    ),
  );
}

describe('upload client', () => {
  it('checks the size against the limit in MB', () => {
    expect(isTooLarge({ size: 5 * MB }, 5)).toBe(false);
    expect(isTooLarge({ size: 5 * MB + 1 }, 5)).toBe(true);
    expect(tooLargeMessage(10)).toBe('File size must be less than 10MB');
  });

  it('sends the raw file with its name in the query and answers the stored file', async () => {
    const stored = { bucket: 'cv-files', name: '1-abc.pdf', url: '/files/cv-files/1-abc.pdf', content_type: 'application/pdf', size: 4 };
    const fetchMock = stubFetch(201, stored);
    const file = new File(['%PDF'], 'My CV (2025).pdf', { type: 'application/pdf' });
    await expect(uploadFile('cv-files', file)).resolves.toEqual(stored);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/uploads/cv-files?filename=My%20CV%20(2025).pdf');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe(file);
    expect(init?.credentials).toBe('same-origin');
  });

  it("turns the server's refusal into an ApiError with its message", async () => {
    const message = 'Only JPEG, PNG, WebP or GIF images can be uploaded as a profile photo';
    stubFetch(415, { error: { code: 'unsupported_media_type', message } });
    const error = await uploadFile('profile-photos', new File(['hello'], 'fake.png', { type: 'image/png' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe(message);
    expect((error as ApiError).status).toBe(415);
  });

  it('names only files of the bucket on this site', () => {
    expect(uploadedName('profile-photos', '/files/profile-photos/1700-abc.png')).toBe('1700-abc.png');
    expect(uploadedName('profile-photos', '/files/profile-photos/1700-abc.png?v=2')).toBe('1700-abc.png');
    expect(uploadedName('cv-files', '/files/profile-photos/1700-abc.png')).toBeNull();
    expect(uploadedName('profile-photos', '/profile-placeholder.svg')).toBeNull();
    expect(uploadedName('profile-photos', 'https://example.org/files/profile-photos/x.png')).toBeNull();
    expect(uploadedName('profile-photos', '/files/profile-photos/')).toBeNull();
    expect(uploadedName('profile-photos', '/files/profile-photos/a/b.png')).toBeNull();
  });

  it('counts an object that is already gone as removed, but not other failures', async () => {
    const fetchMock = stubFetch(404, { error: { code: 'not_found', message: 'file not found' } });
    await expect(removeUpload('cv-files', '1-a.pdf')).resolves.toBeUndefined();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/uploads/cv-files/1-a.pdf');
    expect(fetchMock.mock.calls[0]![1]?.method).toBe('DELETE');
    stubFetch(500, { error: { code: 'internal', message: 'disk full' } });
    await expect(removeUpload('cv-files', '1-a.pdf')).rejects.toBeInstanceOf(ApiError);
  });
});

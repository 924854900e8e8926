/**
 * Uploads to the server's file buckets (spec section 7 "File storage"): the raw
 * file is the request body, the server checks its size while reading and its
 * type by content, stores it under a generated name and answers its public URL.
 */
import type { UploadedFile } from '../../../api/types';
import { ApiError, UNEXPECTED_RESPONSE, api, asApiError, toApiError } from '../../api';

export type Bucket = 'profile-photos' | 'cv-files' | 'paper-pdfs';

const MB = 1024 * 1024;

/** Limits of spec section 9 (the server enforces the same) and what each bucket takes. */
export const BUCKETS: Record<Bucket, { maxMB: number; accept: string; kinds: string }> = {
  'profile-photos': { maxMB: 5, accept: 'image/jpeg,image/png,image/webp,image/gif', kinds: 'JPEG, PNG, WebP or GIF image' },
  'cv-files': {
    maxMB: 10,
    accept: '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    kinds: 'PDF, DOC or DOCX file',
  },
  // A paper's PDF (issue 13): served at /publications/<slug>/<slug>.pdf while the paper is published.
  'paper-pdfs': { maxMB: 50, accept: '.pdf,application/pdf', kinds: 'PDF file' },
};

/** The spec's message for a file over the limit (the server's 413 says the same). */
export function tooLargeMessage(maxMB: number): string {
  return `File size must be less than ${maxMB}MB`;
}

export function isTooLarge(file: Pick<File, 'size'>, maxMB: number): boolean {
  return file.size > maxMB * MB;
}

function isUploadedFile(value: unknown): value is UploadedFile {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { url?: unknown }).url === 'string' &&
    typeof (value as { name?: unknown }).name === 'string'
  );
}

/**
 * Sends `file` to `bucket`. Not through `api.post`, which sends JSON: here the
 * body is the file itself. Failures become `ApiError`s like every other call.
 */
export async function uploadFile(bucket: Bucket, file: File, signal?: AbortSignal): Promise<UploadedFile> {
  let response: Response;
  try {
    response = await fetch(`/api/uploads/${bucket}?filename=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      body: file,
      headers: { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream' },
      credentials: 'same-origin',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw asApiError(error);
  }
  let body: unknown = null;
  try {
    body = JSON.parse(await response.text());
  } catch {
    // Not JSON: the status decides the message.
  }
  if (!response.ok) throw toApiError(response.status, body, response.headers.get('Retry-After'));
  if (!isUploadedFile(body)) throw new ApiError(response.status, UNEXPECTED_RESPONSE, 'The server sent an answer that could not be read.');
  return body;
}

/**
 * The object a stored URL names in `bucket` (its last path segment), or null
 * when the URL is not a file of that bucket on this site (the built-in
 * placeholder image, a link elsewhere): there is nothing to delete then.
 */
export function uploadedName(bucket: Bucket, url: string): string | null {
  const path = url.trim().split(/[?#]/, 1)[0] ?? '';
  const prefix = `/files/${bucket}/`;
  if (!path.startsWith(prefix)) return null;
  const name = path.slice(prefix.length);
  return name === '' || name.includes('/') ? null : name;
}

/** Deletes a stored object; one that is already gone counts as deleted. */
export async function removeUpload(bucket: Bucket, name: string): Promise<void> {
  try {
    await api.delete(`/api/uploads/${bucket}/${encodeURIComponent(name)}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return;
    throw error;
  }
}

/**
 * Sends `file` as the raw body of a POST to `url` and answers the JSON reply,
 * telling `onProgress` the share sent (0 to 1) as it goes: through
 * XMLHttpRequest, since fetch reports no upload progress. Failures become
 * `ApiError`s like every other call.
 */
export function postFileWithProgress<T>(url: string, file: File, onProgress: (sent: number) => void, signal?: AbortSignal): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Content-Type', file.type || 'application/octet-stream');
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        // Not JSON: the status decides the message.
      }
      if (request.status < 200 || request.status >= 300) {
        reject(toApiError(request.status, body, request.getResponseHeader('Retry-After')));
      } else if (body === null) {
        reject(new ApiError(request.status, UNEXPECTED_RESPONSE, 'The server sent an answer that could not be read.'));
      } else {
        resolve(body as T);
      }
    };
    request.onerror = () => reject(asApiError(new Error('network')));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(file);
  });
}

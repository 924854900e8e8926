/** Helpers for the admin's tests. */
import { afterEach, vi } from 'vitest';

/**
 * For a test file whose tests replace `fetch`: the returned function puts a
 * mock in its place (and returns it); after each test `fetch` is restored.
 */
export function fetchStubPerTest() {
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  return <F>(fetchMock: F): F => {
    vi.stubGlobal('fetch', fetchMock);
    return fetchMock;
  };
}

/** Helpers for the page-text tests: a React root in a DOM, and a fake server. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, vi } from 'vitest';

export type Reply = { status: number; body?: unknown };
/** 'PUT /api/homepage/hero' and its JSON body (undefined for none, or a file). */
export type SentRequest = { call: string; body: unknown };

/** A fetch answering `replies` in order; the returned list fills with the requests. */
export function fakeServer(...replies: Reply[]): SentRequest[] {
  const requests: SentRequest[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      requests.push({ call: `${init?.method ?? 'GET'} ${String(input)}`, body });
      const reply = replies.shift();
      if (!reply) throw new Error(`unexpected request ${String(input)}`);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
  return requests;
}

/**
 * A fresh container and React root for each test (unmounted and removed
 * after it, with `fetch` restored); `render` wraps in a query client.
 */
export function domPerTest() {
  let root: Root;
  let container: HTMLElement;
  beforeEach(() => {
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
    container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    container.remove();
    vi.unstubAllGlobals();
  });
  return {
    container: () => container,
    async render(node: ReactNode) {
      const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
      await act(async () => root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>));
    },
  };
}

import { vi } from 'vitest';

/** A reply of the fake server: its status, JSON body and `X-Total-Count`. */
export type Reply = { status: number; body?: unknown; total?: number };
export type Call = { method: string; path: string; body: unknown };

/** The requests the fake server was sent since `fakeServer` was last called. */
export const calls: Call[] = [];

/** Answers 'METHOD /path?query' (or, failing that, 'METHOD /path') from a queue of replies. */
export function fakeServer(routes: Record<string, Reply[]>) {
  calls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input);
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = (routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`])?.shift();
      if (!reply) throw new Error(`unexpected request ${method} ${path}`);
      const headers = reply.total === undefined ? undefined : { 'X-Total-Count': String(reply.total) };
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status, headers });
    }),
  );
}

/**
 * Minimal stand-ins for the web APIs that React's server build touches, for
 * QuickJS (no TextEncoder, MessageChannel, timers, queueMicrotask or console).
 * Each is installed only when missing, so Node, browsers and tests keep their
 * own. Imported first by src/ssr/entry.tsx: react-dom/server.browser creates a
 * TextEncoder and a MessageChannel when its module is evaluated.
 *
 * `renderToString` is synchronous; none of the scheduled callbacks below
 * affects its result. They exist so module initialisation succeeds and so the
 * streaming renderer's bookkeeping can run when the host drains the job queue.
 */

type Callback = (...args: unknown[]) => void;

/** Installs the missing globals on `target` (exported for tests; applied to
 *  globalThis when this module is loaded). */
export function installShims(target: object): void {
  const g = target as Record<string, unknown>;

  // queueMicrotask → a resolved promise's job (run by the host's job loop).
  if (typeof g.queueMicrotask !== 'function') {
    g.queueMicrotask = (callback: () => void) => {
      void Promise.resolve().then(callback);
    };
  }
  // Called through `g` (not detached) so hosts whose queueMicrotask checks its
  // receiver keep working.
  const enqueue = (callback: () => void) => (g.queueMicrotask as (cb: () => void) => void).call(g, callback);

  // setTimeout/clearTimeout → a microtask, ignoring the delay. There is no event
  // loop with timers in the embedded engine and a render must never wait on
  // wall-clock time: React only uses timers for deferred work (error reporting,
  // stream abort timers) that has no bearing on the synchronous renderToString
  // result. Running the callback later (not immediately) avoids re-entering
  // React while it is still rendering.
  if (typeof g.setTimeout !== 'function') {
    const cancelled = new Set<number>();
    let nextId = 1;
    g.setTimeout = (callback: Callback, _delay?: number, ...args: unknown[]) => {
      const id = nextId++;
      enqueue(() => {
        if (cancelled.delete(id)) return;
        callback(...args);
      });
      return id;
    };
    g.clearTimeout = (id: number | undefined) => {
      if (typeof id === 'number') cancelled.add(id);
    };
  }

  // MessageChannel → postMessage queues a call of the other port's onmessage.
  if (typeof g.MessageChannel !== 'function') {
    type Port = {
      onmessage: ((event: { data: unknown }) => void) | null;
      postMessage(data: unknown): void;
      start(): void;
      close(): void;
    };
    const makePort = (peer: () => Port): Port => ({
      onmessage: null,
      postMessage(data: unknown) {
        enqueue(() => peer().onmessage?.({ data }));
      },
      start() {},
      close() {},
    });
    g.MessageChannel = class MessageChannel {
      port1: Port;
      port2: Port;
      constructor() {
        this.port1 = makePort(() => this.port2);
        this.port2 = makePort(() => this.port1);
      }
    };
  }

  // TextEncoder → UTF-8 encoding of a string (lone surrogates become U+FFFD).
  if (typeof g.TextEncoder !== 'function') {
    /** Appends the UTF-8 bytes of the code point at `input[i]`; returns how many
     *  UTF-16 units it used (1 or 2). */
    const encodeCodePoint = (input: string, i: number, out: number[]): number => {
      let code = input.charCodeAt(i);
      let units = 1;
      if (code >= 0xd800 && code <= 0xdbff) {
        const next = i + 1 < input.length ? input.charCodeAt(i + 1) : 0;
        if (next >= 0xdc00 && next <= 0xdfff) {
          code = 0x10000 + ((code - 0xd800) << 10) + (next - 0xdc00);
          units = 2;
        } else {
          code = 0xfffd;
        }
      } else if (code >= 0xdc00 && code <= 0xdfff) {
        code = 0xfffd;
      }
      if (code < 0x80) {
        out.push(code);
      } else if (code < 0x800) {
        out.push(0xc0 | (code >> 6), 0x80 | (code & 0x3f));
      } else if (code < 0x10000) {
        out.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
      } else {
        out.push(0xf0 | (code >> 18), 0x80 | ((code >> 12) & 0x3f), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f));
      }
      return units;
    };
    g.TextEncoder = class TextEncoder {
      readonly encoding = 'utf-8';
      encode(input = ''): Uint8Array {
        const bytes: number[] = [];
        for (let i = 0; i < input.length; ) i += encodeCodePoint(input, i, bytes);
        return new Uint8Array(bytes);
      }
      encodeInto(input: string, destination: Uint8Array): { read: number; written: number } {
        let read = 0;
        let written = 0;
        const bytes: number[] = [];
        while (read < input.length) {
          bytes.length = 0;
          const units = encodeCodePoint(input, read, bytes);
          if (written + bytes.length > destination.length) break;
          destination.set(bytes, written);
          written += bytes.length;
          read += units;
        }
        return { read, written };
      }
    };
  }

  // console → no-op methods where the host provides none.
  if (typeof g.console !== 'object' || g.console === null) {
    const noop = () => {};
    g.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop };
  }
}

installShims(globalThis);

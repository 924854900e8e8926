import { describe, expect, it } from 'vitest';
import { installShims } from './shims';

type Shimmed = {
  TextEncoder: typeof TextEncoder;
  MessageChannel: typeof MessageChannel;
  setTimeout: (callback: () => void, delay?: number) => number;
  clearTimeout: (id: number) => void;
  queueMicrotask: (callback: () => void) => void;
  console: Console;
};

/** A fresh global object lacking everything QuickJS lacks. */
function bareGlobal(): Shimmed {
  const target = {};
  installShims(target);
  return target as Shimmed;
}

const flushJobs = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

describe('installShims', () => {
  it('installs every missing global', () => {
    const g = bareGlobal();
    for (const name of ['TextEncoder', 'MessageChannel', 'setTimeout', 'clearTimeout', 'queueMicrotask'] as const) {
      expect(typeof g[name], name).toBe('function');
    }
    expect(typeof g.console.error).toBe('function');
  });

  it('keeps globals the host already has', () => {
    const own = { setTimeout: () => 0, TextEncoder: class {}, console: { log() {} } };
    const target: Record<string, unknown> = { ...own };
    installShims(target);
    expect(target.setTimeout).toBe(own.setTimeout);
    expect(target.TextEncoder).toBe(own.TextEncoder);
    expect(target.console).toBe(own.console);
  });

  it('TextEncoder encodes UTF-8 exactly like the platform one', () => {
    const shim = new (bareGlobal().TextEncoder)();
    const native = new TextEncoder();
    for (const text of [
      '',
      'plain ASCII',
      'Åsa Öberg — “quotes” €',
      '李小龍',
      '𝒥ane 😀 👩🏽‍🔬',
      'lone \ud800 high',
      'lone \udc00 low',
      'ends in \ud83d',
      '\u0000\u007f\u0080\u07ff\u0800\uffff',
    ]) {
      expect([...shim.encode(text)], JSON.stringify(text)).toEqual([...native.encode(text)]);
    }
  });

  it('TextEncoder.encodeInto stops before a character that does not fit', () => {
    const encoder = new (bareGlobal().TextEncoder)();
    const target = new Uint8Array(5);
    expect(encoder.encodeInto('ab€c', target)).toEqual({ read: 3, written: 5 });
    expect([...target]).toEqual([0x61, 0x62, 0xe2, 0x82, 0xac]);
    expect(encoder.encodeInto('a😀', new Uint8Array(4))).toEqual({ read: 1, written: 1 });
  });

  it('MessageChannel delivers a message to the other port later, not synchronously', async () => {
    const g = bareGlobal();
    const channel = new g.MessageChannel();
    const received: unknown[] = [];
    channel.port1.onmessage = (event) => received.push(event.data);
    channel.port2.postMessage('to port1');
    expect(received).toEqual([]);
    await flushJobs();
    expect(received).toEqual(['to port1']);
  });

  it('setTimeout runs its callback after the current job, ignoring the delay; clearTimeout cancels', async () => {
    const g = bareGlobal();
    const calls: string[] = [];
    g.setTimeout(() => calls.push('later'), 60_000);
    const id = g.setTimeout(() => calls.push('cancelled'), 0);
    g.clearTimeout(id);
    expect(calls).toEqual([]);
    await flushJobs();
    expect(calls).toEqual(['later']);
  });
});

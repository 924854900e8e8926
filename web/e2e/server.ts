/**
 * Starts the real `vita` binary for end-to-end tests, once per worker:
 *
 *   <VITA_BIN> serve --listen 127.0.0.1:0 --data-dir <fresh temp dir>
 *
 * and waits for its one stdout line `Vita is running at http://127.0.0.1:PORT`
 * (printed once it listens) to learn the address: no fixed port, no sleeps.
 * Without an owner account the next line is the one-time setup link, kept as
 * `setupLink`.
 * Tests get it as Playwright's `baseURL`, so `page.goto('/')` and
 * `request.get('/')` reach it. The process gets SIGTERM afterwards and its
 * data folder is removed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { request as playwrightRequest, test as base, type APIRequestContext } from '@playwright/test';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const READY_LINE = /^Vita is running at (http:\/\/\S+)$/;
const SETUP_LINE = /^No owner account yet: create it at (http:\/\/\S+)/;
const STARTUP_TIMEOUT_MS = 60_000;
const SHUTDOWN_TIMEOUT_MS = 10_000;

export type VitaServer = {
  /** e.g. http://127.0.0.1:43121 (no trailing slash) */
  url: string;
  dataDir: string;
  /** The first-run setup link with its token (only on a server started without an owner). */
  setupLink?: string;
  /** Everything the process wrote to stderr so far (its logs). */
  logs: () => string;
};

export function vitaBinary(): string {
  return resolve(webRoot, process.env.VITA_BIN ?? '../target/debug/vita');
}

/** The owner account the worker's server is created with (see `startVita`). */
export const OWNER = { email: 'owner@example.org', password: 'correct horse battery staple' } as const;

/**
 * Starts a server on a fresh SQLite data folder. With `withOwner` (the default) the owner
 * account `OWNER` is created first with `vita admin add --create`, as a deployer would; without it
 * the site is brand new and offers the first-run setup.
 */
export async function startVita({ withOwner = true }: { withOwner?: boolean } = {}): Promise<{ server: VitaServer; stop: () => Promise<void> }> {
  const bin = vitaBinary();
  if (!existsSync(bin)) {
    throw new Error(`vita binary not found at ${bin}: build it (npm run build, then cargo build) or set VITA_BIN`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'vita-e2e-'));
  if (withOwner) {
    execFileSync(bin, ['admin', 'add', '--create', '--email', OWNER.email, '--data-dir', dataDir], {
      input: `${OWNER.password}\n`,
      stdio: ['pipe', 'ignore', 'pipe'],
    });
  }
  const child = spawn(bin, ['serve', '--listen', '127.0.0.1:0', '--data-dir', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, RUST_LOG: process.env.RUST_LOG ?? 'info' },
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    stderr += chunk;
  });

  const stop = async () => {
    await terminate(child);
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    const { url, setupLink } = await waitForReadyLine(child, () => stderr, !withOwner);
    return { server: { url, dataDir, setupLink, logs: () => stderr }, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

function waitForReadyLine(child: ChildProcess, logs: () => string, setupLinkFollows: boolean): Promise<{ url: string; setupLink?: string }> {
  let url: string | undefined;
  return new Promise((resolvePromise, reject) => {
    const lines = createInterface({ input: child.stdout! });
    const fail = (reason: string) => {
      clearTimeout(timer);
      lines.close();
      reject(new Error(`${reason}\n--- vita stderr ---\n${logs()}`));
    };
    const timer = setTimeout(() => fail(`vita did not report its address within ${STARTUP_TIMEOUT_MS} ms`), STARTUP_TIMEOUT_MS);
    child.once('error', (error) => fail(`could not start vita: ${error.message}`));
    child.once('exit', (code, signal) => fail(`vita exited before it was ready (code ${code}, signal ${signal})`));
    lines.on('line', (line) => {
      const ready = READY_LINE.exec(line.trim())?.[1];
      if (ready) url = ready.replace(/\/+$/, '');
      const setupLink = SETUP_LINE.exec(line.trim())?.[1];
      if (url === undefined || (setupLinkFollows && setupLink === undefined)) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      child.removeAllListeners('error');
      // Keep draining stdout so the child never blocks on a full pipe.
      child.stdout?.resume();
      resolvePromise({ url, setupLink });
    });
  });
}

async function terminate(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolvePromise) => child.once('exit', () => resolvePromise()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), SHUTDOWN_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * `test` with a running vita (one per worker) as `vita` and as `baseURL`. A test that fails
 * gets what the server logged while it ran as an attachment, which the reporter prints.
 */
export const test = base.extend<{ serverLogsOnFailure: undefined }, { vita: VitaServer }>({
  vita: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const { server, stop } = await startVita();
      try {
        await use(server);
      } finally {
        await stop();
      }
    },
    { scope: 'worker', timeout: STARTUP_TIMEOUT_MS + SHUTDOWN_TIMEOUT_MS },
  ],
  baseURL: async ({ vita }, use) => {
    await use(vita.url);
  },
  serverLogsOnFailure: [
    async ({ vita }, use, testInfo) => {
      const start = vita.logs().length;
      await use(undefined);
      if (testInfo.status !== testInfo.expectedStatus) {
        await testInfo.attach('vita logs during the test', { body: vita.logs().slice(start), contentType: 'text/plain' });
      }
    },
    { auto: true },
  ],
});

/**
 * An API client signed in as `OWNER` (its cookie jar holds the session), for creating the
 * content a test needs through the real API. Dispose it when done.
 */
export async function ownerApi(vita: VitaServer): Promise<APIRequestContext> {
  // Origin as a browser sends it: the server refuses a signed-in write that does not say
  // where it comes from. `Connection: close`: a test can leave this client idle for longer
  // than the server keeps an idle connection (10 s), and a request sent on a connection the
  // server is closing at that moment is reset (ECONNRESET, seen on a busy machine); a new
  // connection per request costs the tests nothing they would notice.
  const api = await playwrightRequest.newContext({
    baseURL: vita.url,
    extraHTTPHeaders: { Origin: new URL(vita.url).origin, Connection: 'close' },
  });
  const response = await api.post('/api/auth/token', { data: { email: OWNER.email, password: OWNER.password } });
  if (!response.ok()) throw new Error(`owner sign-in failed: ${response.status()} ${await response.text()}`);
  return api;
}

export { expect } from '@playwright/test';

/**
 * End-to-end tests against the real `vita` binary (see e2e/server.ts): set
 * VITA_BIN to its path (default ../target/debug/vita), build it first with the
 * frontend embedded (`npm run build`, then `cargo build`).
 */
import { defineConfig, devices } from '@playwright/test';

export default defineConfig({
  testDir: 'e2e',
  // Spec files run side by side, one per core; the tests of one file run in order. Each worker
  // starts its own server on its own data folder (e2e/server.ts), so files never share state.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: 'list',
  // A guard against a hang, not a timing: the Rust tests run beside these (./scripts/test), and
  // a long spec (tags: 17 s alone) must not fail because the two cores are shared.
  timeout: 60_000,
  // Likewise a bound, not a timing: on the shared cores a page's first render after a save has
  // been seen to take over five seconds (a sign-in's Dashboard, fresh CI run of 2026-11-26).
  expect: { timeout: 10_000 },
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
            '--no-first-run',
          ],
        },
      },
    },
  ],
});

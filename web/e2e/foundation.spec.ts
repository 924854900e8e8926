/**
 * The foundation end to end: server-rendered public pages that hydrate
 * cleanly, the theme toggle, the 404 page and long-cached hashed assets.
 */
import type { ConsoleMessage, Page } from '@playwright/test';
import { OWNER, expect, test } from './server';

const THEME_KEY = 'academic-theme';

/** Collects console errors/warnings and uncaught page errors from now on. */
function collectProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      const where = message.location().url;
      problems.push(`console.${message.type()}: ${message.text()}${where ? ` (${where})` : ''}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}

async function waitForHydration(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
}

test('GET / is complete server-rendered HTML before any JavaScript runs', async ({ request }) => {
  const response = await request.get('/');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  const html = await response.text();

  const root = /<div id="root">([\s\S]*)<\/div>/.exec(html)?.[1] ?? '';
  expect(root).toMatch(/<h1[^>]*>[^<]+<\/h1>/); // the hero name
  expect(root).toContain('View Publications');
  expect(root).toContain('Contact Me');
  expect(root).toContain('href="/publications"');

  expect(html).toMatch(/<title>Home — [^<]+<\/title>/);
  expect(html).toMatch(/<link rel="canonical" href="[^"]*\/"/);
  expect(html).toContain('<script type="application/json" id="vita-data">');
  expect(html).toContain(THEME_KEY); // the inline theme script, before first paint
});

test('the home page hydrates without console errors or warnings', async ({ page }) => {
  const problems = collectProblems(page);
  await page.goto('/');
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Publications' })).toHaveAttribute('href', '/publications');
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  // Give late effects a moment to report.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 100))));
  expect(problems).toEqual([]);
});

test('the theme toggle sets the dark class, stores the choice and keeps it on reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  const problems = collectProblems(page);
  await page.goto('/');
  await waitForHydration(page);

  const html = page.locator('html');
  const toggle = page.locator('header [data-theme-preference]');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('data-theme-preference', 'system');

  // Each click shows the other theme: from the system's light, dark first.
  await toggle.click();
  await expect(toggle).toHaveAttribute('data-theme-preference', 'dark');
  await expect(html).toHaveClass(/\bdark\b/);
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe('dark');

  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await waitForHydration(page);
  await expect(toggle).toHaveAttribute('data-theme-preference', 'dark');
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe('dark');

  await toggle.click(); // dark → light
  await expect(toggle).toHaveAttribute('data-theme-preference', 'light');
  await expect(html).not.toHaveClass(/\bdark\b/);
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe('light');
  expect(problems).toEqual([]);
});

test('on a system that prefers dark, the first click of the theme toggle shows the light theme', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await waitForHydration(page);
  const html = page.locator('html');
  const toggle = page.locator('header [data-theme-preference]');
  await expect(html).toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('data-theme-preference', 'system');
  await toggle.click();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await expect(toggle).toHaveAttribute('data-theme-preference', 'light');
  expect(await page.evaluate((key) => localStorage.getItem(key), THEME_KEY)).toBe('light');
});

test('the dark class is set before the page script runs (no flash of the wrong theme)', async ({ page }) => {
  await page.addInitScript((key) => localStorage.setItem(key, 'dark'), THEME_KEY);
  await page.route(/\/assets\/.*\.js$/, (route) => route.abort()); // no app JavaScript at all
  await page.goto('/');
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
});

test('an unknown path answers 404 with a way back home', async ({ page, request }) => {
  const response = await request.get('/no/such/page');
  expect(response.status()).toBe(404);
  const html = await response.text();
  expect(html).toContain('Oops! Page not found');
  expect(html).toContain('Return to Home');

  const problems = collectProblems(page);
  const navigation = await page.goto('/no/such/page');
  expect(navigation?.status()).toBe(404);
  await waitForHydration(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  expect(new URL(page.url()).pathname).toBe('/');
  await expect(page.getByRole('link', { name: 'View Publications' })).toBeVisible();
  // Chromium reports the 404 document itself as a failed resource load.
  expect(problems.filter((problem) => !problem.includes('/no/such/page'))).toEqual([]);
});

test('hashed assets are served with a long immutable cache lifetime', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((match) => match[1]!);
  expect(assets.length).toBeGreaterThanOrEqual(2); // the public entry script and the stylesheet
  for (const asset of new Set(assets)) {
    expect(asset).toMatch(/-[A-Za-z0-9_-]{8}\.(js|css)$/);
    const response = await request.get(asset);
    expect(response.status(), asset).toBe(200);
    expect(response.headers()['cache-control'], asset).toBe('public, max-age=31536000, immutable');
  }
});

test('the admin app is served for /admin and /admin/*', async ({ page }) => {
  const problems = collectProblems(page);
  // Signed out, every admin page but login and setup leads to the login page.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Login' })).toBeVisible();

  // page.request shares the page's cookies: this signs the page in.
  const signIn = await page.request.post('/api/auth/token', { data: { email: OWNER.email, password: OWNER.password } });
  expect(signIn.status()).toBe(200);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  const cards = page.getByRole('main').getByRole('list', { name: 'Admin sections' }).getByRole('link');
  await expect(cards).toHaveCount(23); // the spec's 13 sections, the 6 CV sections (issue 28), Translations (issue 45), Site Settings, Statistics (issue 43) and Import a site (issue 42)
  await expect(cards.first()).toHaveAttribute('href', '/admin/homepage');
  await expect(cards.nth(12)).toHaveAttribute('href', '/admin/open-calls');
  await expect(cards.nth(13)).toHaveAttribute('href', '/admin/cv-appointments');

  await page.goto('/admin/no-such-section');
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'View Site' }).click();
  await expect(page.getByRole('link', { name: 'View Publications' })).toBeVisible();
  expect(problems.filter((problem) => !problem.includes('/api/auth/session'))).toEqual([]);
});

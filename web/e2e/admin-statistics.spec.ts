/**
 * Issue 43: the Statistics page against the real binary. Visitors read pages with no cookie
 * (a plain request context, a browser's user agent, an arrival from Google Scholar); the owner
 * sees them on /admin/statistics: the figures, the chart, the top pages and the sources, with
 * 30/90/365 days to choose; Site Settings offer the setting. Axe in both themes, and a phone.
 */
import { request } from '@playwright/test';
import { expectNoAxeViolations, signInTo } from './admin';
import { expect, startVita, test } from './server';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

// A server of its own: the worker's shared one has counted the other specs' visitors today.
let fresh: Awaited<ReturnType<typeof startVita>>;

test.beforeAll(async () => {
  fresh = await startVita();
});

test.afterAll(async () => {
  await fresh?.stop();
});

test('the owner sees who read what, and can choose what is counted', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: fresh.server.url });
  const page = await context.newPage();
  const visitor = await request.newContext({ baseURL: fresh.server.url, extraHTTPHeaders: { 'User-Agent': CHROME } });
  for (const path of ['/', '/about', '/about']) {
    const response = await visitor.get(path, { headers: { Referer: 'https://scholar.google.com/' } });
    expect(response.status()).toBe(200);
    expect(response.headers()['set-cookie']).toBeUndefined();
  }
  await visitor.dispose();

  await signInTo(page, '/admin/statistics');
  await expect(page.getByRole('heading', { level: 1, name: 'Statistics' })).toBeVisible();
  await expect(page.getByRole('button', { name: '30 days' })).toHaveAttribute('aria-pressed', 'true');
  const views = page.getByRole('term').filter({ hasText: 'Page views' }).locator('xpath=following-sibling::dd');
  await expect(views).toHaveText('3');
  await expect(page.getByRole('img', { name: /30 days: 3 views and 1 daily visitors in all/ })).toBeVisible();
  const pages = page.getByRole('table').first();
  await expect(pages.getByRole('row', { name: /\/about 2 1/ })).toBeVisible();
  await expect(page.getByRole('row', { name: /Google Scholar 1/ })).toBeVisible();
  await expect(page.getByText('100 % of the visitors who came from elsewhere came from Google Scholar.')).toBeVisible();
  await page.getByRole('button', { name: '365 days' }).click();
  await expect(page.getByRole('img', { name: /365 days: 3 views/ })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('statistics-dark.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.emulateMedia({ colorScheme: 'light' });
  await page.screenshot({ path: test.info().outputPath('statistics-phone.png'), fullPage: true });

  await page.goto('/admin/settings');
  await expect(page.getByLabel('Statistics', { exact: true })).toHaveValue('visitors');
  await expect(page.getByLabel('Keep the counts per page and per source for (months)')).toHaveValue('25');
  await context.close();
});

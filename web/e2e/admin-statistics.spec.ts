/**
 * Issue 43: the Statistics page against the real binary. Visitors read pages with no cookie
 * (a plain request context, a browser's user agent, an arrival from Google Scholar); the owner
 * sees them on /admin/statistics: the figures, the chart, the top pages and the sources, with
 * 30/90/365 days to choose; Site Settings offer the setting. Axe in both themes, and a phone.
 * The public line on paper pages: ticked in Site Settings, the paper's page says its views.
 */
import { request } from '@playwright/test';
import { expectNoAxeViolations, signInTo } from './admin';
import { expect, ownerApi, startVita, test } from './server';

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

test("a paper's page says how often it was read once the owner ticks the box", async ({ browser }) => {
  test.setTimeout(60_000);
  const api = await ownerApi(fresh.server);
  const paper = { title: 'Read Often', slug: 'read-often', authors: ['Ada Lovelace'], kind: 'journal-article', venue: 'TC', year: 2024 };
  const created = await api.post('/api/publications', { data: { ...paper, status: 'published', tag_ids: [] } });
  expect(created.status(), await created.text()).toBe(201);
  await api.dispose();
  const visitor = await request.newContext({ baseURL: fresh.server.url, extraHTTPHeaders: { 'User-Agent': CHROME } });
  for (const _ of [1, 2]) expect((await visitor.get('/publications/read-often')).status()).toBe(200);
  await visitor.dispose();

  const context = await browser.newContext({ baseURL: fresh.server.url });
  const page = await context.newPage();
  await signInTo(page, '/admin/settings');
  const box = page.getByLabel('Show views and downloads on paper pages');
  await expect(box).not.toBeChecked();
  // The counts reach the database at the server's next write (every 10 s), or at once when the
  // owner reads the statistics (the report writes them first): read them, so nothing here
  // waits on a timer. Then a save renders the paper's page again, with them.
  const report = await page.request.get('/api/admin/stats');
  expect(report.status(), await report.text()).toBe(200);
  await box.check();
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();

  const reader = await browser.newContext({ baseURL: fresh.server.url });
  const paperPage = await reader.newPage();
  await paperPage.goto('/publications/read-often');
  // No PDF: views only. The month is the server's (UTC) month of the first counted day.
  await expect(paperPage.locator('[data-readership]')).toHaveText(/^2 views since [A-Z][a-z]+ \d{4}$/);
  await expectNoAxeViolations(paperPage);
  await paperPage.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(paperPage);
  await reader.close();
  await context.close();
});

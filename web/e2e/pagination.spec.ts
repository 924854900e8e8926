/**
 * Long public lists paginate with plain links (issue 15): page 2 of /news is reached by
 * keyboard with JavaScript off, the current page is marked, the last page has no step
 * forward, and the pages of /news and /publications pass axe-core in light and dark.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, ownerApi, startVita, test } from './server';

type Started = Awaited<ReturnType<typeof startVita>>;

let vita: Started;
let api: APIRequestContext;

/** 45 news items (three pages of 20) and 30 publications (two pages of 25). */
test.beforeAll(async () => {
  test.setTimeout(120_000);
  vita = await startVita();
  api = await ownerApi(vita.server);
  for (let i = 0; i < 45; i++) {
    const date = new Date(Date.UTC(2024, 0, 1 + i)).toISOString().slice(0, 10);
    const response = await api.post('/api/news', { data: { title: `News ${String(i).padStart(3, '0')}`, content: 'Text.', date, featured: false } });
    expect(response.status()).toBe(201);
  }
  for (let i = 0; i < 30; i++) {
    const response = await api.post('/api/publications', {
      data: { title: `Paper ${String(i).padStart(2, '0')}`, authors: ['Alex Lindberg'], venue: 'IEEE TC', year: 2000 + Math.floor(i / 4), featured: false },
    });
    expect(response.status()).toBe(201);
  }
});

test.afterAll(async () => {
  await api?.dispose();
  await vita?.stop();
});

test('page 2 of /news is reached by keyboard with JavaScript off', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${vita.server.url}/news`);
  const pagination = page.getByRole('navigation', { name: 'Pagination' });
  await expect(pagination.getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(page.locator('main h2').first()).toHaveText('News 044');
  await expect(page.locator('main h2')).toHaveCount(20);

  const older = pagination.getByRole('link', { name: 'Older' });
  for (let i = 0; i < 60 && !(await older.evaluate((link) => link === document.activeElement)); i++) {
    await page.keyboard.press('Tab');
  }
  await expect(older).toBeFocused();
  // The focus is visible: an outline drawn around the link.
  expect(await older.evaluate((link) => getComputedStyle(link).outlineStyle)).not.toBe('none');
  await page.keyboard.press('Enter');

  await expect(page).toHaveURL(/\/news\?page=2$/);
  await expect(page.locator('main h2').first()).toHaveText('News 024');
  await expect(pagination.getByRole('link', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');
  await expect(pagination.getByRole('link', { name: 'Newer' })).toHaveAttribute('href', '/news');

  await pagination.getByRole('link', { name: 'Page 3' }).click();
  await expect(page.locator('main h2')).toHaveCount(5);
  await expect(pagination.getByRole('link', { name: 'Older' })).toHaveCount(0);
  await context.close();
});

test('a page number past the end shows the last page, and nonsense shows the first', async ({ page }) => {
  await page.goto(`${vita.server.url}/news?page=9999`);
  await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  await page.goto(`${vita.server.url}/publications?page=banana`);
  await expect(page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
});

test.describe('accessibility of paginated lists (axe-core, WCAG 2.1 A and AA)', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`${scheme}: no violations on the pages of /news and /publications`, async ({ page }) => {
      test.setTimeout(60_000);
      await page.emulateMedia({ colorScheme: scheme });
      const failures: string[] = [];
      for (const path of ['/news', '/news?page=2', '/news?page=3', '/publications', '/publications?page=2']) {
        await page.goto(`${vita.server.url}${path}`);
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        if (scheme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        for (const violation of results.violations) {
          failures.push(`${path}: ${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

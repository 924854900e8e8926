/**
 * Issue 45, items 1 and 5, against the real binary: the owner adds German in
 * Site Settings; /de/ is the site in German (`<html lang="de">`, the menu's
 * links under /de), and the language switcher of the navigation bar takes a
 * reader from page to page in either language with the keyboard alone. Axe
 * finds nothing in light and dark, at 1280 and 390 px wide, with the switcher
 * open; the pages are photographed into $VITA_SCREENSHOTS when it is set.
 *
 * The languages are put back after each test: other files share the worker's
 * server.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, ownerApi, test } from './server';

let api: APIRequestContext;
test.beforeEach(async ({ vita }) => {
  api = await ownerApi(vita);
});
test.afterEach(async () => {
  const response = await api.put('/api/settings', { data: { languages: ['en'] } });
  expect(response.status()).toBe(200);
  await api.dispose();
});

const card = (page: Page) => page.locator('form[aria-label="Site settings"]');

/** The switcher's summary (the disclosure's button), in the navigation bar whatever its language. */
const switcher = (page: Page) => page.locator('header nav details summary');

test('the owner adds German and a reader switches language with the keyboard', async ({ page }) => {
  await signInTo(page, '/admin/settings');
  await expect(page.getByRole('heading', { name: 'Languages' })).toBeVisible();
  const form = card(page);
  await form.getByLabel('Language tag').fill('de_AT');
  await form.getByRole('button', { name: 'Add language' }).click();
  await expect(form.getByText('“de_AT” is not a language tag like en, de, de-AT or zh-Hans')).toBeVisible();
  await form.getByLabel('Language tag').fill('DE');
  await form.getByRole('button', { name: 'Add language' }).click();
  await expect(form.getByRole('list', { name: 'Languages, the default first' }).getByRole('listitem')).toHaveText([/^en\s*Default/, /^de/]);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(toast(page, 'Success', 'Settings updated successfully')).toBeVisible();
  await page.context().clearCookies();

  // /de/ is the site in German.
  await expect.poll(async () => (await page.goto('/de'))?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  // Its interface in German (the catalogue), its links in /de/.
  const menu = page.getByRole('navigation', { name: 'Hauptnavigation' }).locator('ul').first();
  // German's longer words keep the menu behind the menu button at 1280 px: read, not seen.
  await expect(menu.locator('a', { hasText: 'Über mich' })).toHaveAttribute('href', '/de/about');
  await expect(menu).toBeHidden();
  await page.getByRole('button', { name: 'Menü öffnen' }).click();
  await expect(page.locator('#site-mobile-nav').getByRole('link', { name: 'Über mich' })).toBeVisible();

  // With the keyboard: tab to the switcher, open it, pick English; the same page in English.
  await page.goto('/de/about');
  await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  await switcher(page).focus();
  await expect(switcher(page)).toBeFocused();
  await page.keyboard.press('Enter');
  const english = page.getByRole('link', { name: 'English' });
  await expect(english).toBeVisible();
  await expect(english).toHaveAttribute('hreflang', 'en');
  await expect(english).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('link', { name: 'Deutsch' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Escape');
  await expect(english).toBeHidden();
  await expect(switcher(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  await expect(english).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  const shots = process.env.VITA_SCREENSHOTS;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const path of ['/de/news', '/publications']) {
        await page.goto(path);
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        await switcher(page).click();
        await expect(page.getByRole('link', { name: 'Deutsch' })).toBeVisible();
        await expectNoAxeViolations(page);
        const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
        expect(widths.scroll).toBeLessThanOrEqual(widths.client);
        if (shots) await page.screenshot({ path: `${shots}/languages${path.replaceAll('/', '-')}-${width}-${colorScheme}.png` });
      }
    }
  }
});

test('a site of one language has no switcher, and an unknown prefix is not found', async ({ page }) => {
  await page.goto('/news');
  await expect(switcher(page)).toHaveCount(0);
  const response = await page.goto('/de/news');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
});

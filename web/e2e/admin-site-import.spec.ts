/**
 * "Import a site" in the admin against the real binary (issue 42): a fixture al-folio site of
 * ../shared/fixtures/sites, zipped here, dropped on the page; the preview says what was
 * detected and what each kind would bring; one Import button imports it, and the news is on
 * the public site. Axe in light and dark, and a 390 px phone without sideways scrolling.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, signInTo } from './admin';
import { expect, startVita, test } from './server';

const SITE = '02-alfolio-johanneshoerner';
const FIXTURES = path.resolve(import.meta.dirname, '../../../shared/fixtures/sites');

// A server of its own: the import changes the home page, the about page and most lists.
let fresh: Awaited<ReturnType<typeof startVita>>;
let dir: string;
let archive: string;

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'vita-site-'));
  archive = path.join(dir, `${SITE}.zip`);
  execFileSync('zip', ['-qr', archive, SITE], { cwd: FIXTURES });
  fresh = await startVita();
});

test.afterAll(async () => {
  await fresh?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function fitsAPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 800 });
}

async function axeInBothThemes(page: Page) {
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
    await expectNoAxeViolations(page);
  }
  await page.emulateMedia({ colorScheme: 'light' });
}

test('drop a zipped site → preview → Import → its news is on the site', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: fresh.server.url });
  const page = await context.newPage();
  await signInTo(page, '/admin');
  await page.getByRole('link', { name: /Import a site/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Import a site' })).toBeVisible();
  await axeInBothThemes(page);
  await fitsAPhone(page);

  await page.getByTestId('site-archive-dropzone').locator('input[type="file"]').setInputFiles(archive);
  const preview = page.getByRole('heading', { level: 2, name: `Preview of ${SITE}.zip` });
  await expect(preview).toBeVisible({ timeout: 30_000 });
  await expect(preview).toBeFocused();
  await expect(page.getByText(/^Detected: alfolio/)).toBeVisible();
  await expect(page.getByTestId('site-kind-news')).toContainText('News: 14 new');
  await expect(page.getByTestId('site-kind-publication')).toContainText('Publications: 7 new');
  await expect(page.getByRole('heading', { name: 'Pictures and files' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Social links' })).toBeVisible();
  // The items of a kind, with their reasons, behind a disclosure.
  await page.getByTestId('site-kind-news').getByText('The 14 items').click();
  await expect(page.getByTestId('site-kind-news')).toContainText('_news/EGU2024.md');
  await axeInBothThemes(page);
  await fitsAPhone(page);

  // One button imports the same upload.
  await page.getByRole('button', { name: 'Import', exact: true }).click();
  const result = page.getByRole('heading', { level: 2, name: `Imported ${SITE}.zip` });
  await expect(result).toBeVisible({ timeout: 30_000 });
  await expect(result).toBeFocused();
  await expect(page.getByTestId('site-kind-news')).toContainText('News: 14 created');
  await expect(page.getByRole('button', { name: 'Import', exact: true })).toHaveCount(0);
  await axeInBothThemes(page);
  await fitsAPhone(page);

  await page.goto('/news');
  await expect(page.getByText(/EGU General Assembly/).first()).toBeVisible();
  await context.close();
});

test('a file that is no archive gets the server’s message', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: fresh.server.url });
  const page = await context.newPage();
  await signInTo(page, '/admin/import-site');
  await page
    .getByTestId('site-archive-dropzone')
    .locator('input[type="file"]')
    .setInputFiles({ name: 'site.zip', mimeType: 'application/zip', buffer: Buffer.from('<html>not a zip</html>') });
  await expect(page.getByRole('alert')).toContainText('This file is not a .zip or .tar.gz archive');
  await expect(page.getByRole('button', { name: 'Choose file' })).toBeVisible();
  await context.close();
});

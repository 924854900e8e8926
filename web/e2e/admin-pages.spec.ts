/**
 * The page-text screens end to end, against the real binary (spec sections 2, 3, 7, 8, 9):
 * /admin/homepage with its 'Hero Section' and 'Stats Section' tabs, /admin/about and
 * /admin/contact. The spinner while loading, the built-in defaults on a fresh site,
 * 'Updating...' while saving, the toasts, the public pages showing each save on the next
 * request, and the hero's two uploads (profile photo and CV) by file picker and by drop:
 * checked by content on the server, served with nosniff and long cache headers, removed
 * again with 'Remove'. Axe in both themes, the keyboard, and a 390 px phone.
 */
import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import type { HeroContent } from '../src/api/types';
import { expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, ownerApi, startVita, test } from './server';

const MB = 1024 * 1024;

// A real 1×1 PNG, and the smallest file a PDF reader opens.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/** Generated upload names: a timestamp, a random string, the original extension. */
const GENERATED = (bucket: string, extension: string) => new RegExp(`^/files/${bucket}/\\d+-[a-z0-9]+\\.${extension}$`);
/** A photo's generated name carries its size (src/media/photos.rs): the 1 × 1 PNG's. */
const GENERATED_PHOTO = /^\/files\/profile-photos\/\d+-[a-z0-9]+-1x1\.png$/;

let api: APIRequestContext;

async function section<T>(key: string): Promise<T> {
  const response = await api.get(`/api/homepage/${key}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { content: T }).content;
}

async function storeSection(key: string, content: unknown) {
  const response = await api.put(`/api/homepage/${key}`, { data: content });
  expect(response.status(), await response.text()).toBe(200);
}

test.beforeEach(async ({ vita }) => {
  api ??= await ownerApi(vita);
  // A known hero without files, whatever an earlier test stored.
  await storeSection('hero', { ...(await section<HeroContent>('hero')), name: 'Dr. Test Owner', profile_image_url: '', cv_url: '' });
});

test.afterAll(async () => {
  await api?.dispose();
});

const form = (page: Page, name: string) => page.getByRole('form', { name });
const field = (scope: Locator, label: string) => scope.getByLabel(label, { exact: true });
const heroForm = (page: Page) => form(page, 'Hero section');
const statsForm = (page: Page) => form(page, 'Stats section');
const uploadToast = (page: Page, title: string, description: string | RegExp) =>
  page.locator('[data-sonner-toast]').filter({ hasText: title }).filter({ hasText: description });

async function openHomepage(page: Page) {
  await signInTo(page, '/admin/homepage');
  await expect(page.getByRole('heading', { level: 1, name: 'Homepage' })).toBeVisible();
  await expect(heroForm(page)).toBeVisible();
}

/** Holds every request to `url` until the returned function is called. */
async function hold(page: Page, url: string, method = 'GET'): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (route.request().method() === method) await held;
    await route.fallback();
  });
  return release;
}

test.describe('on a brand-new site', () => {
  let fresh: Awaited<ReturnType<typeof startVita>>;

  test.beforeAll(async () => {
    fresh = await startVita();
  });

  test.afterAll(async () => {
    await fresh?.stop();
  });

  async function freshPage(browser: Browser) {
    const context = await browser.newContext({ baseURL: fresh.server.url });
    return { page: await context.newPage(), close: () => context.close() };
  }

  test('a spinner while the sections load, then every form shows the built-in defaults', async ({ browser }) => {
    const { page, close } = await freshPage(browser);
    const release = await hold(page, '**/api/homepage/stats');
    await signInTo(page, '/admin/homepage');
    await expect(page.getByTestId('page-spinner')).toBeVisible();
    await expect(page.getByRole('status')).toHaveText('Loading homepage content…');
    await expect(page.getByRole('tab')).toHaveCount(0);
    release();
    await expect(page.getByTestId('page-spinner')).toHaveCount(0);

    await expect(page.getByRole('tab', { name: 'Hero Section' })).toHaveAttribute('aria-selected', 'true');
    const hero = heroForm(page);
    await expect(field(hero, 'Name')).toHaveValue('Dr. Alex Lindberg');
    await expect(field(hero, 'Title')).toHaveValue('Associate Professor');
    await expect(field(hero, 'Institution')).toHaveValue(/Swedish university/);
    await expect(field(hero, 'Profile Image URL')).toHaveValue('/profile-placeholder.svg');
    await expect(field(hero, 'Google Scholar URL')).toHaveValue('');
    await expect(field(hero, 'CV URL')).toHaveValue('');

    await page.getByRole('tab', { name: 'Stats Section' }).click();
    const stats = statsForm(page);
    await expect(field(stats, 'Publications Label')).toHaveValue('Publications');
    await expect(field(stats, 'Students Label')).toHaveValue('Students');
    await expect(field(stats, 'Courses Label')).toHaveValue('Courses');
    await expect(field(stats, 'Research Areas Label')).toHaveValue('Research Areas');

    await page.goto('/admin/about');
    await expect(field(form(page, 'About Page'), 'Title')).toHaveValue('About Me');
    await page.goto('/admin/contact');
    await expect(field(form(page, 'Contact Page'), 'Title')).toHaveValue('Contact');
    await close();
  });
});

test('hero: Updating... while saving, the toast, and the home page shows the new texts', async ({ page }) => {
  await openHomepage(page);
  const hero = heroForm(page);
  await field(hero, 'Name').fill('Dr. Maria Berg');
  await field(hero, 'Title').fill('Professor of Computer Engineering');
  await field(hero, 'Google Scholar URL').fill('https://scholar.google.com/citations?user=abc');

  const release = await hold(page, '**/api/homepage/hero', 'PUT');
  await hero.getByRole('button', { name: 'Update Hero Section' }).click();
  const pending = hero.getByRole('button', { name: 'Updating...' });
  await expect(pending).toBeDisabled();
  release();
  await expect(toast(page, 'Success', 'Hero section updated successfully')).toBeVisible();
  await expect(hero.getByRole('button', { name: 'Update Hero Section' })).toBeEnabled();

  const stored = await section<HeroContent>('hero');
  expect(stored.name).toBe('Dr. Maria Berg');
  expect(stored.google_scholar_url).toBe('https://scholar.google.com/citations?user=abc');

  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dr. Maria Berg');
  await expect(page.getByText('Professor of Computer Engineering')).toBeVisible();
  await expect(page.getByRole('link', { name: /Google Scholar/ })).toHaveAttribute('href', 'https://scholar.google.com/citations?user=abc');
});

test('stats: its own form and toast, and the home page shows the new label', async ({ page }) => {
  try {
    await openHomepage(page);
    await page.getByRole('tab', { name: 'Stats Section' }).click();
    const stats = statsForm(page);
    await expect(heroForm(page)).toBeHidden();
    await field(stats, 'Publications Label').fill('Papers');
    await field(stats, 'Publications Description').fill('Journal and conference papers');
    await stats.getByRole('button', { name: 'Update Stats Section' }).click();
    await expect(toast(page, 'Success', 'Stats section updated successfully')).toBeVisible();
    expect((await section<Record<string, string>>('stats')).publications_label).toBe('Papers');

    await page.goto('/');
    const strip = page.getByRole('region', { name: 'At a glance' });
    await expect(strip.getByText('Journal and conference papers')).toBeVisible();
    await expect(strip.getByText('Papers', { exact: true })).toBeVisible();
  } finally {
    await storeSection('stats', {
      ...(await section<Record<string, string>>('stats')),
      publications_label: 'Publications',
      publications_description: 'Peer-reviewed papers and articles',
    });
  }
});

test('a failed save says why in a destructive toast and keeps the edits', async ({ page }) => {
  await openHomepage(page);
  await page.route('**/api/homepage/hero', (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unavailable', message: 'The database is busy' } }) })
      : route.fallback(),
  );
  const hero = heroForm(page);
  await field(hero, 'Name').fill('Dr. Unsaved Edit');
  await hero.getByRole('button', { name: 'Update Hero Section' }).click();
  await expect(toast(page, 'Error', 'Failed to update hero section: The database is busy')).toBeVisible();
  await expect(field(hero, 'Name')).toHaveValue('Dr. Unsaved Edit');
  expect((await section<HeroContent>('hero')).name).toBe('Dr. Test Owner');
});

test('a link that is not http(s) is refused next to its field, and nothing is sent', async ({ page }) => {
  await openHomepage(page);
  const hero = heroForm(page);
  const puts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT') puts.push(request.url());
  });
  await field(hero, 'CV URL').fill('javascript:alert(1)');
  // Clicking the button right after typing submits (no message appears on blur to move it).
  await hero.getByRole('button', { name: 'Update Hero Section' }).click();
  await expect(field(hero, 'CV URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(hero, 'CV URL')).toBeFocused();
  // Submitting from another field (Enter) moves the focus to the refused one too.
  await field(hero, 'Name').focus();
  await page.keyboard.press('Enter');
  await expect(field(hero, 'CV URL')).toHaveAttribute('aria-invalid', 'true');
  await expect(field(hero, 'CV URL')).toBeFocused();
  await expect(hero.getByText('Must be a valid URL starting with http:// or https://')).toBeVisible();
  expect(puts).toEqual([]);
  expect((await section<HeroContent>('hero')).cv_url).toBe('');
});

test('about and contact: each saves with its toast and shows on its public page', async ({ page }) => {
  await signInTo(page, '/admin/about');
  const about = form(page, 'About Page');
  await field(about, 'Title').fill('About Maria');
  await field(about, 'Biography').fill('I lead the Trustworthy Systems group.\nWe build secure chips.');
  await field(about, 'Education').fill('PhD, KTH, 2014');
  await about.getByRole('button', { name: 'Update About Page' }).click();
  await expect(toast(page, 'Success', 'About page updated successfully')).toBeVisible();

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About Maria' })).toBeVisible();
  await expect(page.getByText('We build secure chips.')).toBeVisible();
  await expect(page.getByText('PhD, KTH, 2014')).toBeVisible();

  await page.goto('/admin/contact');
  const contact = form(page, 'Contact Page');
  await field(contact, 'Title').fill('Get in Touch');
  await field(contact, 'Email').fill('maria@example.org');
  await field(contact, 'Office Hours').fill('Tuesdays 10–12');
  await contact.getByRole('button', { name: 'Update Contact Page' }).click();
  await expect(toast(page, 'Success', 'Contact page updated successfully')).toBeVisible();

  await page.goto('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Get in Touch' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'maria@example.org' })).toHaveAttribute('href', 'mailto:maria@example.org');
  await expect(page.getByText('Tuesdays 10–12')).toBeVisible();
});

test.describe('uploads', () => {
  test('a profile photo from the file picker: stored, served safely, shown on the home page, then removed', async ({ page, request }) => {
    await openHomepage(page);
    const hero = heroForm(page);
    const photo = hero.getByRole('group', { name: 'Profile photo' });
    await expect(photo.getByText('No file yet.')).toBeVisible();

    const chooser = page.waitForEvent('filechooser');
    await photo.getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: PNG });
    await expect(toast(page, 'Success', 'Profile photo uploaded successfully')).toBeVisible();

    const url = (await section<HeroContent>('hero')).profile_image_url;
    expect(url).toMatch(GENERATED_PHOTO);
    await expect(field(hero, 'Profile Image URL')).toHaveValue(url);
    await expect(photo.getByRole('img', { name: 'Current profile photo' })).toHaveAttribute('src', url);

    // The photo as uploaded is the owner's (the admin's preview); visitors get its variants.
    const served = await page.request.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');
    expect(served.headers()['cache-control']).toBe('private, max-age=31536000, immutable');
    expect(Buffer.compare(await served.body(), PNG)).toBe(0);
    expect((await request.get(url)).status()).toBe(404);

    await page.goto('/');
    const variant = url.replace(/\.png$/, '-1.jpg');
    await expect(page.locator('section[aria-labelledby="hero-name"] img')).toHaveAttribute('src', variant);
    const shown = await request.get(variant);
    expect(shown.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(shown.headers()['content-type']).toBe('image/jpeg');

    await page.goto('/admin/homepage');
    await heroForm(page).getByRole('group', { name: 'Profile photo' }).getByRole('button', { name: 'Remove' }).click();
    await expect(toast(page, 'Success', 'Profile photo removed successfully')).toBeVisible();
    await expect(heroForm(page).getByRole('group', { name: 'Profile photo' }).getByText('No file yet.')).toBeVisible();
    await expect(field(heroForm(page), 'Profile Image URL')).toHaveValue('');
    expect((await section<HeroContent>('hero')).profile_image_url).toBe('');
    expect((await page.request.get(url)).status()).toBe(404);
    expect((await request.get(variant)).status()).toBe(404);

    await page.goto('/');
    await expect(page.locator('section[aria-labelledby="hero-name"] img')).toHaveCount(0);
  });

  test("a CV dropped on its zone: stored, and 'Download CV' links to it", async ({ page, request }) => {
    await openHomepage(page);
    const zone = page.getByTestId('cv-files-dropzone');
    const dataTransfer = await page.evaluateHandle((bytes) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(bytes)], 'My CV 2025.pdf', { type: 'application/pdf' }));
      return transfer;
    }, [...PDF]);
    await zone.dispatchEvent('dragover', { dataTransfer });
    await expect(zone).toHaveAttribute('data-dragging', 'true');
    await zone.dispatchEvent('drop', { dataTransfer });
    await expect(toast(page, 'Success', 'CV uploaded successfully')).toBeVisible();
    await expect(zone).not.toHaveAttribute('data-dragging');

    const url = (await section<HeroContent>('hero')).cv_url;
    expect(url).toMatch(GENERATED('cv-files', 'pdf'));
    const cv = heroForm(page).getByRole('group', { name: 'CV' });
    await expect(cv.getByRole('link', { name: /current CV/ })).toHaveAttribute('href', url);
    const served = await request.get(url);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('application/pdf');
    expect(served.headers()['x-content-type-options']).toBe('nosniff');

    await page.goto('/');
    const download = page.getByRole('link', { name: /Download CV/ });
    await expect(download).toHaveAttribute('href', url);
    await expect(download).toHaveAttribute('target', '_blank');
  });

  test("a text file named .png is refused by its content: 'Upload failed', nothing stored", async ({ page }) => {
    await openHomepage(page);
    const photo = heroForm(page).getByRole('group', { name: 'Profile photo' });
    const chooser = page.waitForEvent('filechooser');
    await photo.getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>') });
    await expect(uploadToast(page, 'Upload failed', 'Only JPEG, PNG, WebP or GIF images can be uploaded as a profile photo')).toBeVisible();
    await expect(photo.getByText('No file yet.')).toBeVisible();
    expect((await section<HeroContent>('hero')).profile_image_url).toBe('');
  });

  test("a photo over 5 MB is refused before it is sent: 'File too large'", async ({ page }) => {
    await openHomepage(page);
    const uploads: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/uploads/')) uploads.push(request.url());
    });
    const photo = heroForm(page).getByRole('group', { name: 'Profile photo' });
    const chooser = page.waitForEvent('filechooser');
    await photo.getByRole('button', { name: 'Choose file' }).click();
    const big = Buffer.concat([PNG, Buffer.alloc(5 * MB + 1 - PNG.length)]);
    await (await chooser).setFiles({ name: 'huge.png', mimeType: 'image/png', buffer: big });
    await expect(uploadToast(page, 'File too large', 'File size must be less than 5MB')).toBeVisible();
    expect(uploads).toEqual([]);
    expect((await section<HeroContent>('hero')).profile_image_url).toBe('');
  });

  test('the server refuses an oversized upload on its own with the same message', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(5 * MB + 1 - PNG.length)]);
    const response = await api.post('/api/uploads/profile-photos?filename=huge.png', { data: big, headers: { 'Content-Type': 'image/png' } });
    expect(response.status()).toBe(413);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe('File size must be less than 5MB');
  });
});

test('the tabs and the upload buttons work from the keyboard', async ({ page }) => {
  await openHomepage(page);
  const heroTab = page.getByRole('tab', { name: 'Hero Section' });
  await heroTab.focus();
  await page.keyboard.press('ArrowRight');
  const statsTab = page.getByRole('tab', { name: 'Stats Section' });
  await expect(statsTab).toBeFocused();
  await expect(statsTab).toHaveAttribute('aria-selected', 'true');
  await expect(statsForm(page)).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(heroTab).toHaveAttribute('aria-selected', 'true');

  const choose = heroForm(page).getByRole('group', { name: 'Profile photo' }).getByRole('button', { name: 'Choose file' });
  await choose.focus();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, 'Success', 'Profile photo uploaded successfully')).toBeVisible();
  const remove = heroForm(page).getByRole('group', { name: 'Profile photo' }).getByRole('button', { name: 'Remove' });
  await remove.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Success', 'Profile photo removed successfully')).toBeVisible();
  // The Remove button is gone: the focus stays in the group, on 'Choose file'.
  await expect(choose).toBeFocused();
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`no axe violations on the homepage tabs, about and contact (${colorScheme})`, async ({ page }) => {
    test.slow(); // five axe runs
    await page.emulateMedia({ colorScheme });
    await openHomepage(page);
    await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
    await expectNoAxeViolations(page);
    await page.getByRole('tab', { name: 'Stats Section' }).click();
    await expectNoAxeViolations(page);
    // With a field's message showing.
    await page.getByRole('tab', { name: 'Hero Section' }).click();
    await field(heroForm(page), 'Website URL').fill('not a link');
    await heroForm(page).getByRole('button', { name: 'Update Hero Section' }).click();
    await expect(field(heroForm(page), 'Website URL')).toHaveAttribute('aria-invalid', 'true');
    await expectNoAxeViolations(page);
    for (const path of ['/admin/about', '/admin/contact']) {
      await page.goto(path);
      // The page's own form, above its "Sentences on this page" card's forms.
      await expect(page.getByRole('form').first()).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });
}

test('works on a 390 px phone: no sideways scrolling, the buttons reachable', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openHomepage(page);
  for (const [path, button] of [
    ['/admin/homepage', 'Update Hero Section'],
    ['/admin/about', 'Update About Page'],
    ['/admin/contact', 'Update Contact Page'],
  ] as const) {
    await page.goto(path);
    const submit = page.getByRole('button', { name: button });
    await expect(submit).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await submit.scrollIntoViewIfNeeded();
    await expect(submit).toBeInViewport();
  }
  const tabs = page.getByRole('tablist', { name: 'Homepage sections' });
  await page.goto('/admin/homepage');
  const box = await tabs.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
});

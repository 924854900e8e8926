/**
 * Issue 44, items 2 and 3, against the real binary:
 * - the first-run step right after the owner account is created: a name and a
 *   photo typed there are on / at once; skipping it keeps the spec's sample
 *   owner, which the dashboard then lists as sample text still live;
 * - the About page's Education block chooses the CV's list: /about lists the
 *   published degrees as /cv does, and the free text comes back with 'Free text'.
 * Axe finds nothing on the changed screens in light and dark, at 1280 and 390 px;
 * they are photographed into $VITA_SCREENSHOTS when it is set.
 *
 * The first two tests run on servers of their own (a brand-new site each); the
 * third puts the About texts and the CV back for the other files of the worker.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { cleanTables, expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, ownerApi, startVita, test, type VitaServer } from './server';

// A real 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function withNewSite(body: (server: VitaServer) => Promise<void>) {
  const { server, stop } = await startVita({ withOwner: false });
  try {
    await body(server);
  } finally {
    await stop();
  }
}

/** Creates the owner account through the setup link, as a new owner does; lands on the first-run step. */
async function createOwner(page: Page, server: VitaServer) {
  await page.goto(server.setupLink ?? '');
  await page.getByLabel('Email').fill('maria@example.org');
  await page.getByLabel('Password', { exact: true }).fill('a long and good passphrase');
  await page.getByLabel('Password again').fill('a long and good passphrase');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible({ timeout: 15_000 });
}

/** Axe in light and dark, at 1280 and 390 px, with nothing wider than the screen; a photo of each when asked. */
async function checkEverywhere(page: Page, name: string, ready: () => Promise<void>) {
  const shots = process.env.VITA_SCREENSHOTS;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await ready();
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll, `${name} at ${width} px`).toBeLessThanOrEqual(widths.client);
      await expectNoAxeViolations(page);
      if (shots) await page.screenshot({ path: `${shots}/${name}-${width}-${colorScheme}.png`, fullPage: true });
    }
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

const sampleCard = (page: Page) => page.locator('section[aria-labelledby="sample-texts-title"]');

test('the first-run step puts the name and photo typed there on / at once', async ({ page }) => {
  await withNewSite(async (server) => {
    await createOwner(page, server);
    const form = page.getByRole('form', { name: 'Introduce yourself' });
    // Prefilled with what the home page shows: the spec's sample owner.
    await expect(form.getByLabel('Name')).toHaveValue('Dr. Alex Lindberg');
    await expect(form.getByLabel('Title')).toHaveValue('Associate Professor');
    await checkEverywhere(page, 'first-run', async () => {
      await page.goto(`${server.url}/admin/welcome`);
      await expect(form.getByLabel('Name')).toHaveValue('Dr. Alex Lindberg');
    });

    await form.getByLabel('Name').fill('Dr. Maria Keller');
    await form.getByLabel('Title').fill('Professor of Computer Security');
    await form.getByLabel('Institution').fill('Lund University');
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('group', { name: 'Photo' }).getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles({ name: 'maria.png', mimeType: 'image/png', buffer: PNG });
    await expect(toast(page, 'Success', 'Photo uploaded successfully')).toBeVisible();
    await form.getByRole('button', { name: 'Save to my site' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your home page shows Dr. Maria Keller.' })).toBeVisible();

    // A visitor's home page, at once: the page cache learnt of the write.
    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${server.url}/`);
    const hero = visitor.locator('section[aria-labelledby="hero-name"]');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Dr. Maria Keller');
    await expect(hero).toContainText('Professor of Computer Security');
    await expect(hero).toContainText('Lund University');
    await expect(hero.locator('img')).toHaveAttribute('src', /^\/files\/profile-photos\/\d+-[a-z0-9]+-1x1-1\.jpg$/);
    await expect(visitor.getByText('Dr. Alex Lindberg')).toHaveCount(0);
    await visitor.close();

    // The dashboard lists what is still sample: no longer the name nor the photo, still the bio.
    await page.getByRole('link', { name: 'Go to the dashboard' }).click();
    const card = sampleCard(page);
    await expect(card.getByText('Short bio:')).toBeVisible();
    await expect(card.getByText('Name:')).toHaveCount(0);
    await expect(card.getByText('Photo:')).toHaveCount(0);
    await expect(card.getByRole('link', { name: 'Introduce yourself' })).toHaveCount(0);
  });
});

test('skipping the first-run step keeps the spec’s sample owner, which the dashboard lists', async ({ page }) => {
  await withNewSite(async (server) => {
    await createOwner(page, server);
    await page.getByRole('link', { name: 'Skip for now' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    const card = sampleCard(page);
    await expect(card.getByRole('heading', { name: 'Sample text still on your site' })).toBeVisible();
    await expect(card.getByText('Name: Dr. Alex Lindberg')).toBeVisible();
    await expect(card.getByText('Photo: The placeholder portrait')).toBeVisible();
    await expect(card.getByRole('link', { name: 'Edit About page' })).toHaveAttribute('href', '/admin/about');
    await checkEverywhere(page, 'dashboard-sample-texts', async () => {
      await page.goto(`${server.url}/admin`);
      await expect(card.getByText('Name: Dr. Alex Lindberg')).toBeVisible();
    });

    const visitor = await page.context().browser()!.newPage();
    await visitor.goto(`${server.url}/`);
    const hero = visitor.locator('section[aria-labelledby="hero-name"]');
    await expect(hero.getByRole('heading', { level: 1 })).toHaveText('Dr. Alex Lindberg');
    await expect(hero).toContainText('Associate Professor');
    await expect(hero.locator('img')).toHaveAttribute('src', '/profile-placeholder.svg');
    await visitor.close();

    // The step stays at hand from the dashboard.
    await card.getByRole('link', { name: 'Introduce yourself' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Welcome' })).toBeVisible();
  });
});

test.describe('About and the CV', () => {
  const { seed } = cleanTables(['cv-education'] as const);
  let api: APIRequestContext;
  let about: unknown;

  test.beforeEach(async ({ vita }) => {
    api = await ownerApi(vita);
    about = ((await (await api.get('/api/homepage/about')).json()) as { content: unknown }).content;
  });
  test.afterEach(async ({ vita }) => {
    await api.dispose();
    api = await ownerApi(vita);
    expect((await api.put('/api/homepage/about', { data: about })).status()).toBe(200);
    await api.dispose();
  });

  test("the Education block shows the CV's list once chosen, and its free text again after", async ({ page }) => {
    await seed('cv-education', { degree: 'PhD', field: 'Computer Engineering', institution: 'KTH', year: 2012, sort_order: 1 });
    await seed('cv-education', { degree: 'MSc', institution: 'IST Lisbon', year: 2008, sort_order: 2 });
    expect((await api.put('/api/homepage/about', { data: { education: 'Doctorate, typed by hand', education_source: 'text' } })).status()).toBe(200);

    await signInTo(page, '/admin/about');
    const form = page.getByRole('form', { name: 'About Page' });
    await expect(form.getByLabel('Education shows')).toHaveValue('text');
    await form.getByLabel('Education shows').selectOption({ label: "The CV's list" });
    await expect(form.getByLabel('Education', { exact: true })).toHaveCount(0);
    await expect(form.getByRole('link', { name: 'CV: Education' })).toHaveAttribute('href', '/admin/cv-education');
    await checkEverywhere(page, 'about-choice', async () => {
      await form.getByLabel('Education shows').scrollIntoViewIfNeeded();
    });
    await form.getByRole('button', { name: 'Update About Page' }).click();
    await expect(toast(page, 'Success', 'About page updated successfully')).toBeVisible();

    const education = page.locator('section[aria-labelledby="about-education"]');
    await expect
      .poll(async () => {
        await page.goto('/about');
        return education.getByRole('listitem').allInnerTexts();
      })
      .toEqual([expect.stringMatching(/^2012\s+PhD, Computer Engineering\s+KTH$/), expect.stringMatching(/^2008\s+MSc\s+IST Lisbon$/)]);
    await expect(page.getByText('Doctorate, typed by hand')).toHaveCount(0);
    await checkEverywhere(page, 'about-cv-list', async () => {
      await page.goto('/about');
      await expect(education.getByRole('listitem')).toHaveCount(2);
    });

    // The CV's screen says where its entries appear.
    await page.goto('/admin/cv-education');
    await expect(page.getByText('Published ones are shown on /cv and, when chosen under About Page, on About.')).toBeVisible();
    await checkEverywhere(page, 'cv-education-screen', async () => {
      await page.goto('/admin/cv-education');
      await expect(page.getByRole('heading', { level: 1, name: 'Education' })).toBeVisible();
    });

    await page.goto('/admin/about');
    await form.getByLabel('Education shows').selectOption({ label: 'Free text' });
    await expect(form.getByLabel('Education', { exact: true })).toHaveValue('Doctorate, typed by hand');
    await form.getByRole('button', { name: 'Update About Page' }).click();
    await expect(toast(page, 'Success', 'About page updated successfully')).toBeVisible();
    await expect
      .poll(async () => {
        await page.goto('/about');
        return education.innerText();
      })
      .toContain('Doctorate, typed by hand');
    await expect(education.getByRole('listitem')).toHaveCount(0);
  });
});

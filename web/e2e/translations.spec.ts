/**
 * Issue 45: the Translations screen against the real binary. The owner translates the hero's
 * bio into German; once the English bio is edited, the dashboard counts the German one as
 * outdated and the screen says so, until the owner marks it up to date. Axe in both themes.
 * A server of its own: the test edits the hero, which every page of the shared one shows.
 */
import { expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, ownerApi, startVita, test } from './server';

let fresh: Awaited<ReturnType<typeof startVita>>;

test.beforeAll(async () => {
  fresh = await startVita();
});

test.afterAll(async () => {
  await fresh?.stop();
});

test('the owner translates the bio, sees it outdated after an edit of the source, and marks it up to date', async ({ browser }) => {
  test.setTimeout(60_000);
  const api = await ownerApi(fresh.server);
  const saveBio = async (bio: string) => {
    const response = await api.put('/api/homepage/hero', { data: { bio } });
    expect(response.status(), await response.text()).toBe(200);
  };
  await saveBio('I build secure chips.');

  const context = await browser.newContext({ baseURL: fresh.server.url });
  const page = await context.newPage();
  await signInTo(page, '/admin');
  await page.getByRole('link', { name: /^Translations/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Translations' })).toBeVisible();
  await page.getByLabel('Language').fill('de');
  await page.getByRole('button', { name: 'Show' }).click();
  const bio = page.getByRole('article', { name: 'Hero · Bio' });
  await expect(bio.getByText('Untranslated')).toBeVisible();
  await expect(bio.getByText('I build secure chips.')).toHaveAttribute('lang', 'en');
  await expectNoAxeViolations(page);
  await bio.getByLabel('Translation (de)').fill('Ich baue sichere Chips.');
  await bio.getByRole('button', { name: 'Save translation' }).click();
  await expect(toast(page, 'Success', 'Translation saved')).toBeVisible();
  // Done: the list shows only what needs work, until the done ones are asked for.
  await expect(bio).toBeHidden();
  // The box follows the address (?done=1), which the router updates after the click: click, then
  // wait for it, rather than `check()`, which wants the new state at once.
  await page.getByLabel('Show the texts already translated').click();
  await expect(page.getByLabel('Show the texts already translated')).toBeChecked();
  await expect(bio.getByText('Up to date')).toBeVisible();

  await saveBio('I build secure chips and the tools that check them.');
  await page.goto('/admin');
  const outdated = page.getByRole('region', { name: 'Outdated translations' });
  await outdated.getByRole('link', { name: 'de: 1 outdated' }).click();
  await expect(bio.getByText('Outdated')).toBeVisible();
  await expect(bio.getByLabel('Translation (de)')).toHaveValue('Ich baue sichere Chips.');
  await expect(bio.getByText('I build secure chips and the tools that check them.')).toBeVisible();
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: test.info().outputPath('translations-phone-dark.png'), fullPage: true });

  await bio.getByRole('button', { name: 'Mark as up to date' }).click();
  await expect(toast(page, 'Success', 'Translation marked as up to date')).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Outdated translations' })).toBeHidden();
  await api.dispose();
  await context.close();
});

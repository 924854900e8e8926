/**
 * Issue 45, item 7, against the real binary: with English and German, a news
 * item's edit dialog has a language tab list on each translatable field. The
 * owner switches the title to Deutsch (with the keyboard), writes the German
 * title and saves it; /de/news shows it. Once the English title is edited, the
 * Deutsch tab says the translation is outdated. A new item's tabs are disabled,
 * with English alone there are none, and the hero's form has them too. Axe
 * finds nothing in the dialog in light and dark, at 1280 and 390 px; the
 * dialog is photographed into $VITA_SCREENSHOTS when it is set.
 * A server of its own: the test changes the site's languages.
 */
import type { Page } from '@playwright/test';
import { expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, ownerApi, startVita, test } from './server';

let fresh: Awaited<ReturnType<typeof startVita>>;

test.beforeAll(async () => {
  fresh = await startVita();
});

test.afterAll(async () => {
  await fresh?.stop();
});

const dialog = (page: Page) => page.getByRole('dialog', { name: 'Edit News Item' });

async function openEdit(page: Page, title: string) {
  await page.getByRole('button', { name: `Edit ${title}` }).click();
  await expect(dialog(page)).toBeVisible();
}

test('the owner translates a news title in its edit dialog and sees it outdated after an edit of the English', async ({ browser }) => {
  test.setTimeout(120_000);
  const api = await ownerApi(fresh.server);
  const created = await api.post('/api/news', { data: { title: 'Grant awarded', content: 'We won a grant.', date: '2025-03-04' } });
  expect(created.status(), await created.text()).toBe(201);

  const context = await browser.newContext({ baseURL: fresh.server.url });
  const page = await context.newPage();
  await signInTo(page, '/admin/news');

  // English alone: the dialog as it always was.
  await openEdit(page, 'Grant awarded');
  await expect(dialog(page).getByLabel('Title', { exact: true })).toHaveValue('Grant awarded');
  await expect(dialog(page).getByRole('tablist')).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(dialog(page)).toBeHidden();

  const languages = await api.put('/api/settings', { data: { languages: ['en', 'de'] } });
  expect(languages.status(), await languages.text()).toBe(200);
  await page.reload();

  // A new item has nothing to translate yet.
  await page.getByRole('button', { name: 'Add News Item' }).click();
  const add = page.getByRole('dialog', { name: 'Add New News Item' });
  await expect(add.getByRole('tab', { name: 'Deutsch' }).first()).toBeDisabled();
  await expect(add.getByText('Save the item first to translate it.').first()).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(add).toBeHidden();

  await openEdit(page, 'Grant awarded');
  const edit = dialog(page);
  const titleTabs = edit.getByRole('tablist', { name: 'Title: language' });
  await expect(titleTabs.getByRole('tab')).toHaveText(['English', 'Deutsch']);
  await expect(edit.getByRole('tablist', { name: 'Content: language' })).toBeVisible();
  await expect(edit.getByRole('tablist', { name: 'Link URL: language' })).toHaveCount(0);
  // With the keyboard: the arrow key moves to Deutsch and shows its panel.
  await titleTabs.getByRole('tab', { name: 'English' }).focus();
  await page.keyboard.press('ArrowRight');
  const deutsch = titleTabs.getByRole('tab', { name: 'Deutsch' });
  await expect(deutsch).toBeFocused();
  await expect(deutsch).toHaveAttribute('aria-selected', 'true');
  const panel = edit.getByRole('tabpanel', { name: 'Deutsch' });
  await expect(panel.getByText('Not translated yet')).toBeVisible();
  await expect(panel.getByText('Grant awarded', { exact: true })).toHaveAttribute('lang', 'en');
  await panel.getByLabel('Title in Deutsch').fill('Förderung erhalten');
  await panel.getByRole('button', { name: 'Save translation' }).click();
  await expect(toast(page, 'Success', 'Translation saved')).toBeVisible();
  await expect(panel.getByText('Up to date')).toBeVisible();

  const shots = process.env.VITA_SCREENSHOTS;
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width > 500 ? 900 : 844 });
      await expectNoAxeViolations(page);
      if (shots) await page.screenshot({ path: `${shots}/translation-tabs-${width}-${colorScheme}.png`, animations: 'disabled' });
    }
  }
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.keyboard.press('Escape');
  await expect(edit).toBeHidden();

  const german = await page.request.get('/de/news');
  expect(german.status()).toBe(200);
  expect(await german.text()).toContain('Förderung erhalten');

  // An edit of the English title: the German one is outdated.
  await openEdit(page, 'Grant awarded');
  await edit.getByLabel('Title', { exact: true }).fill('Grant awarded to the lab');
  await edit.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Success', 'News item updated successfully')).toBeVisible();
  await expect(edit).toBeHidden();
  await openEdit(page, 'Grant awarded to the lab');
  await titleTabs.getByRole('tab', { name: 'Deutsch' }).click();
  await expect(panel.getByText('Outdated — the English text changed since')).toBeVisible();
  await expect(panel.getByLabel('Title in Deutsch')).toHaveValue('Förderung erhalten');
  await expect(panel.getByText('Grant awarded to the lab', { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  if (shots) await page.screenshot({ path: `${shots}/translation-tabs-outdated-1280-light.png`, animations: 'disabled' });

  // A page text's form: the hero's translatable fields have their tabs too, its name none.
  await page.keyboard.press('Escape');
  await page.goto('/admin/homepage');
  const hero = page.locator('form[aria-label="Hero section"]');
  await expect(hero.getByRole('tablist', { name: 'Short Bio: language' })).toBeVisible();
  await expect(hero.getByRole('tablist', { name: 'Name: language' })).toHaveCount(0);
  await expectNoAxeViolations(page);
  if (shots) await page.screenshot({ path: `${shots}/translation-tabs-hero-1280-light.png`, animations: 'disabled' });

  await api.dispose();
  await context.close();
});

/**
 * Issue 44 end to end against the real binary: the publication list that
 * holds hundreds (a search finds a paper among 60, 50 a page with the total;
 * several papers deleted with one question and brought back by the toast's
 * Undo), no work lost to a stray click (a filled-in form asks before the
 * backdrop, Escape, a link or Back drops it, and a reload is asked about by
 * the browser), and axe on the changed list in both themes.
 */
import type { Page } from '@playwright/test';
import { answerNextConfirm, cleanTables, expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, test } from './server';

const { rows, seed } = cleanTables(['publications', 'open-calls'] as const);

const DISCARD_QUESTION = 'You have unsaved changes. Leave without saving them?';

const cards = (page: Page) => page.getByRole('list', { name: 'Publications' }).getByRole('listitem');

async function seedPapers(count: number, title = (n: number) => `Benchmark paper ${n}`) {
  for (let n = 1; n <= count; n++) {
    await seed('publications', { title: title(n), authors: ['Ada Lovelace'], venue: 'Conference', year: 2000 + (n % 20) });
  }
}

/** Every browser question of the page, answered no, by its message. */
function questionsOf(page: Page): string[] {
  const asked: string[] = [];
  page.on('dialog', async (dialog) => {
    asked.push(dialog.message());
    await dialog.dismiss();
  });
  return asked;
}

test('a search finds one paper among many, fifty a page with the total', async ({ page }) => {
  await seedPapers(59);
  await seed('publications', { title: 'Masking the unmaskable', authors: ['Grace Hopper'], venue: 'CHES', year: 2021 });
  await signInTo(page, '/admin/publications');
  await expect(page.getByText('Showing 1–50 of 60')).toBeVisible();
  await expect(cards(page)).toHaveCount(50);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Showing 51–60 of 60')).toBeVisible();

  await page.getByRole('searchbox', { name: 'Search publications' }).fill('unmaskable');
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Masking the unmaskable');
  await expect(page.getByText('Showing 1–1 of 1')).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search publications' }).fill('hopper');
  await expect(cards(page)).toHaveCount(1);
  await page.getByRole('searchbox', { name: 'Search publications' }).fill('no such words');
  await expect(page.getByText('No publications match the search and filters.')).toBeVisible();
});

test('several papers go with one question, and the toast brings them back', async ({ page }) => {
  await seedPapers(5);
  await signInTo(page, '/admin/publications');
  await expect(cards(page)).toHaveCount(5);
  for (const n of [1, 2, 3]) await page.getByRole('checkbox', { name: `Select Benchmark paper ${n}` }).check();
  await expect(page.getByText('3 selected')).toBeVisible();

  let questions = 0;
  page.on('dialog', () => {
    questions += 1;
  });
  const asked = answerNextConfirm(page, true);
  await page.getByRole('region', { name: 'Selected rows' }).getByRole('button', { name: 'Delete' }).click();
  expect(await asked).toBe('Are you sure you want to delete these 3 publications?');
  const done = toast(page, 'Success', '3 publications deleted');
  await expect(done).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  expect(questions).toBe(1);
  expect((await rows('publications')).length).toBe(2);

  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Success', 'The action was undone')).toBeVisible();
  await expect(cards(page)).toHaveCount(5);
  expect((await rows('publications')).length).toBe(5);

  // Select all, then unpublish and undo: the drafts come and go.
  await page.getByRole('checkbox', { name: 'Select all on this page' }).check();
  await expect(page.getByText('5 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(toast(page, 'Success', '5 publications moved to drafts')).toBeVisible();
  await expect(cards(page).getByText('Draft', { exact: true })).toHaveCount(5);
  await toast(page, 'Success', '5 publications moved to drafts').getByRole('button', { name: 'Undo' }).click();
  await expect(cards(page).getByText('Draft', { exact: true })).toHaveCount(0);
});

test('a filled-in form asks before the backdrop, Escape, a link or Back drops it', async ({ page }) => {
  // In from the dashboard, so Back is a step within the app (the router's).
  await signInTo(page);
  await page.getByRole('main').getByRole('link', { name: /Publications/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Publications' })).toBeVisible();
  const asked = questionsOf(page);
  await page.getByRole('button', { name: 'Add Publication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Publication' });
  const title = dialog.getByLabel('Title', { exact: true });
  await title.fill('A paper half typed');

  // The dimmed backdrop, left of the dialog.
  await page.mouse.click(5, 400);
  await expect.poll(() => asked.length).toBe(1);
  await expect(title).toHaveValue('A paper half typed');
  await page.keyboard.press('Escape');
  await expect.poll(() => asked.length).toBe(2);
  await expect(title).toHaveValue('A paper half typed');
  // Back: the router holds the step and asks (Playwright's goBack would wait for a load).
  await page.evaluate(() => history.back());
  await expect.poll(() => asked.length).toBe(3);
  await expect(page).toHaveURL(/\/admin\/publications$/);
  await expect(title).toHaveValue('A paper half typed');
  expect(asked).toEqual([DISCARD_QUESTION, DISCARD_QUESTION, DISCARD_QUESTION]);
  // A reload or a closed tab: the browser's own question.
  expect(await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))).toBe(true);

  // A page's form (the open calls' card): a link in the header asks too.
  page.removeAllListeners('dialog');
  const answer = answerNextConfirm(page, true);
  await page.keyboard.press('Escape');
  expect(await answer).toBe(DISCARD_QUESTION);
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => !window.dispatchEvent(new Event('beforeunload', { cancelable: true })))).toBe(false);

  await page.goto('/admin/open-calls');
  await page.getByRole('button', { name: 'Add Open Call' }).click();
  await page.getByLabel('Title', { exact: true }).fill('A call half typed');
  const more = questionsOf(page);
  await page.getByRole('banner').getByRole('link', { name: 'Admin Dashboard' }).click();
  await expect.poll(() => more.length).toBe(1);
  await expect(page).toHaveURL(/\/admin\/open-calls$/);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('A call half typed');
  page.removeAllListeners('dialog');
  const leave = answerNextConfirm(page, true);
  await page.getByRole('banner').getByRole('link', { name: 'Admin Dashboard' }).click();
  expect(await leave).toBe(DISCARD_QUESTION);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();

  // Nothing typed: nothing asked.
  await page.goto('/admin/publications');
  await page.getByRole('button', { name: 'Add Publication' }).click();
  const none = questionsOf(page);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
  expect(none).toEqual([]);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no violations on the list with its tools and a selection (${colorScheme})`, async ({ page }) => {
    await seedPapers(3);
    await page.emulateMedia({ colorScheme });
    await signInTo(page, '/admin/publications');
    await expect(cards(page)).toHaveCount(3);
    await expectNoAxeViolations(page);
    await page.getByRole('checkbox', { name: 'Select Benchmark paper 1' }).check();
    await expect(page.getByText('1 selected')).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
}

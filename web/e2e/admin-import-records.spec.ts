/**
 * Issue 44, items 4 and 6, against the real binary: a .bib file imported
 * from the admin becomes a Source of the publication list ("BibTeX: … on …"
 * beside "Added by hand"), the import's papers go in one action with one
 * question and come back with the toast's Undo, and a paper saved with a DOI
 * a stored paper has is refused on the DOI field with an "Open it" link to
 * that paper. axe on the changed screens, light and dark.
 */
import type { Page } from '@playwright/test';
import { answerNextConfirm, cleanTables, expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, test } from './server';

const { rows, seed } = cleanTables(['publications'] as const);

const cards = (page: Page) => page.getByRole('list', { name: 'Publications' }).getByRole('listitem');

const BIB = ['Alpha', 'Beta', 'Gamma']
  .map((title, n) => `@article{k${n}, title = {${title} of imports}, author = {Lovelace, Ada}, journal = {J}, year = {202${n}}}`)
  .join('\n');

/** '27 Nov 2026', as the admin writes an import's day. */
const today = () => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date());

async function importBib(page: Page, name: string) {
  await page.getByRole('button', { name: 'Import BibTeX' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import BibTeX' });
  await dialog.getByTestId('bibtex-dropzone').locator('input[type=file]').setInputFiles({ name, mimeType: 'text/plain', buffer: Buffer.from(BIB) });
  await expect(dialog.getByLabel('BibTeX', { exact: true })).toHaveValue(BIB);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await dialog.getByRole('button', { name: 'Import 3 entries' }).click();
  await expect(toast(page, 'Success', '3 publications imported, 0 skipped')).toBeVisible();
}

test('the list filters by source, and an import is undone as a whole', async ({ page }) => {
  await seed('publications', { title: 'Typed by hand', authors: ['Grace Hopper'], venue: 'CHES', year: 2021 });
  await signInTo(page, '/admin/publications');
  await importBib(page, 'chiquet.bib');
  await expect(cards(page)).toHaveCount(4);

  const source = page.getByLabel('Source');
  const imported = `BibTeX: chiquet.bib on ${today()}`;
  await expect(source.getByRole('option')).toHaveText(['Any source', 'Added by hand', `${imported} (3)`]);
  await source.selectOption({ label: `${imported} (3)` });
  await expect(cards(page)).toHaveCount(3);
  await expect(cards(page).first()).toContainText('of imports');
  await source.selectOption({ label: 'Added by hand' });
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first()).toContainText('Typed by hand');
  await source.selectOption({ label: 'Any source' });
  await expect(cards(page)).toHaveCount(4);

  await page.getByText('Imports (1)').click();
  let questions = 0;
  page.on('dialog', () => {
    questions += 1;
  });
  const asked = answerNextConfirm(page, true);
  await page.getByRole('button', { name: `Remove papers: ${imported}` }).click();
  expect(await asked).toBe(`Remove the 3 publications of this import (${imported})?`);
  const done = toast(page, 'Success', '3 publications removed');
  await expect(done).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  expect(questions).toBe(1);
  expect((await rows('publications')).length).toBe(1);
  await expect(page.getByText('Imports (1)')).toBeHidden();

  await done.getByRole('button', { name: 'Undo' }).click();
  await expect(toast(page, 'Success', 'The action was undone')).toBeVisible();
  await expect(cards(page)).toHaveCount(4);
  expect((await rows('publications')).length).toBe(4);
  await source.selectOption({ label: `${imported} (3)` });
  await expect(cards(page)).toHaveCount(3);
});

test('a DOI a stored paper has is said on the DOI field, with a link to that paper', async ({ page }) => {
  await seed('publications', { title: 'Masking RISC-V', authors: ['Ada Lovelace'], venue: 'CHES', year: 2021, doi: '10.1000/abc' });
  await signInTo(page, '/admin/publications');
  await page.getByRole('button', { name: 'Add Publication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Publication' });
  await dialog.getByLabel('Title', { exact: true }).fill('Masking RISC-V');
  await dialog.getByLabel('Author 1').fill('Ada Lovelace');
  await dialog.getByLabel('Venue').fill('CHES');
  await dialog.getByLabel('DOI', { exact: true }).fill('https://doi.org/10.1000/ABC');
  await dialog.getByRole('button', { name: 'Create' }).click();

  const message = '“Masking RISC-V” (2021) already has this DOI.';
  await expect(dialog.getByLabel('DOI', { exact: true })).toHaveAccessibleDescription(message);
  await expect(dialog.getByLabel('Slug')).toHaveAttribute('aria-invalid', 'false');
  await expect(dialog.getByText('Another publication already uses this slug')).toBeHidden();
  await expectNoAxeViolations(page);

  const asked = answerNextConfirm(page, true);
  await dialog.getByRole('link', { name: 'Open it' }).click();
  expect(await asked).toBe('You have unsaved changes. Leave without saving them?');
  const edit = page.getByRole('dialog', { name: 'Edit Publication' });
  await expect(edit.getByLabel('Title', { exact: true })).toHaveValue('Masking RISC-V');
  await expect(edit.getByLabel('DOI', { exact: true })).toHaveValue('10.1000/abc');
  expect((await rows('publications')).length).toBe(1);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test(`axe finds no violations on the list with its imports and source filter (${colorScheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme });
    await signInTo(page, '/admin/publications');
    await importBib(page, `axe-${colorScheme}.bib`);
    await page.getByText('Imports (1)').click();
    await expect(page.getByRole('button', { name: /^Remove papers: BibTeX: axe-/ })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolations(page);
  });
}

/**
 * BibTeX import in the admin against the real binary (issue 14): paste a file
 * with a new entry (al-folio's `selected`), an in-file duplicate and a broken entry,
 * read the preview, import with the keyboard, and find the paper on /publications and,
 * featured, on the home page.
 */
import { cleanTables, expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, test } from './server';

cleanTables(['publications']);

const BIB = `@article{kocher2019spectre,
  title = {Spectre Attacks: Exploiting Speculative Execution},
  author = {Kocher, Paul and Horn, Jann and G{\\"u}neysu, Tim and others},
  journal = {IEEE Symposium on Security and Privacy},
  year = {2019},
  doi = {10.1109/SP.2019.00002},
  selected = {true}
}
@article{broken, title = {Unclosed, author = {A B}, year = 2020}
@misc{again, title = {Spectre attacks: exploiting speculative execution}, author = {P. Kocher}, year = 2019}
`;

test('paste → preview → import → the paper is on /publications', async ({ page }) => {
  await signInTo(page, '/admin/publications');
  await page.getByRole('button', { name: 'Import BibTeX' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import BibTeX' });
  await dialog.getByLabel('BibTeX', { exact: true }).fill(BIB);
  await dialog.getByRole('button', { name: 'Preview' }).click();

  await expect(dialog.getByRole('status')).toHaveText('3 entries: 1 new, 1 duplicate, 1 invalid.');
  const rows = dialog.getByRole('row');
  await expect(rows.nth(1)).toContainText('Spectre Attacks: Exploiting Speculative Execution');
  await expect(rows.nth(1)).toContainText('Paul Kocher, Jann Horn, Tim Güneysu, others');
  // al-folio's `selected = {true}` (issue 41, item 10): the paper will be featured.
  await expect(rows.nth(1)).toContainText('Featured');
  await expect(rows.nth(2)).toContainText('Unbalanced braces');
  await expect(rows.nth(2)).toContainText('Invalid');
  await expect(rows.nth(3)).toContainText('Same as the entry at line 1');
  await expect(dialog.getByLabel('Action for Spectre Attacks: Exploiting Speculative Execution (line 1)', { exact: true })).toHaveValue('import');
  await expectNoAxeViolations(page);

  // By keyboard: focus the import button and press Enter.
  const importButton = dialog.getByRole('button', { name: 'Import 1 entry' });
  await importButton.focus();
  await page.keyboard.press('Enter');
  await expect(toast(page, 'Success', '1 publication imported, 2 skipped')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('list', { name: 'Publications' })).toContainText('Spectre Attacks: Exploiting Speculative Execution');

  await page.goto('/publications');
  await expect(page.getByRole('link', { name: 'Spectre Attacks: Exploiting Speculative Execution' })).toBeVisible();
  // …and on the home page, among the selected publications.
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Spectre Attacks: Exploiting Speculative Execution' })).toBeVisible();

  // The same file again: nothing new, the import button says so.
  await page.goto('/admin/publications');
  await page.getByRole('button', { name: 'Import BibTeX' }).click();
  await dialog.getByLabel('BibTeX', { exact: true }).fill(BIB);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('status')).toHaveText('3 entries: 0 new, 2 duplicates, 1 invalid.');
  await expect(dialog.getByRole('button', { name: 'Import 0 entries' })).toBeDisabled();
});

test('text that is no BibTeX gets the server\'s message', async ({ page }) => {
  await signInTo(page, '/admin/publications');
  await page.getByRole('button', { name: 'Import BibTeX' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import BibTeX' });
  await dialog.getByLabel('BibTeX', { exact: true }).fill('Dear colleague, my papers are attached.');
  await dialog.getByRole('button', { name: 'Preview' }).click();
  await expect(dialog.getByRole('alert')).toContainText('No BibTeX entries found');
});

test('an entry without a year or authors is imported as it is, and the form asks for them on save', async ({ page }) => {
  await signInTo(page, '/admin/publications');
  await page.getByRole('button', { name: 'Import BibTeX' }).click();
  const dialog = page.getByRole('dialog', { name: 'Import BibTeX' });
  await dialog.getByLabel('BibTeX', { exact: true }).fill(`@unpublished{sub, title = {Submitted Work}, author = {Ada Byron}, note = {submitted}}
@proceedings{vol, title = {Edited Volume}, editor = {Emmy Noether}, publisher = {ACM}, year = 2021}
`);
  await dialog.getByRole('button', { name: 'Preview' }).click();
  // Issue 41, item 17: new, with a note saying what the entry lacks.
  await expect(dialog.getByRole('status')).toHaveText('2 entries: 2 new, 0 duplicates, 0 invalid.');
  const rows = dialog.getByRole('row');
  await expect(rows.nth(1)).toContainText('The entry names no year: it is imported undated');
  await expect(rows.nth(2)).toContainText('The entry names no author: it is imported without authors');
  await dialog.getByRole('button', { name: 'Import 2 entries' }).click();
  await expect(toast(page, 'Success', '2 publications imported, 0 skipped')).toBeVisible();

  const list = page.getByRole('list', { name: 'Publications' });
  const card = (title: string) => list.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title, exact: true }) });
  await expect(card('Submitted Work')).toContainText('No year');
  await expect(card('Edited Volume')).toContainText('No authors');
  await expectNoAxeViolations(page);

  // The owner's form keeps the spec's rules: the year and an author must be given to save.
  await card('Submitted Work').getByRole('button', { name: 'Edit Submitted Work' }).click();
  const form = page.getByRole('dialog', { name: 'Edit Publication' });
  await expect(form.getByLabel('Year', { exact: true })).toHaveValue('');
  await form.getByRole('button', { name: 'Update' }).click();
  await expect(form.getByText('Year is required')).toBeVisible();
  await expect(form).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goto('/publications');
  await expect(page.getByRole('heading', { level: 2, name: 'Undated' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Submitted Work' })).toBeVisible();
});

/**
 * A paper's PDF end to end against the real binary (issue 13, item 4): the
 * owner uploads it in the publication dialog, the site serves it at
 * /publications/<slug>/<slug>.pdf with a direct 200 while the paper is
 * published, and removing it (saved with the form) takes it off that address
 * and deletes the stored file.
 */
import { cleanTables, signInTo, toast } from './admin';
import { expect, test } from './server';

cleanTables(['publications']);

const PDF = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

test('uploads a PDF with a publication, serves it at the paper\'s address, and removes it', async ({ page }) => {
  await signInTo(page, '/admin/publications');
  await page.getByRole('button', { name: 'Add Publication' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Publication' });
  await dialog.getByLabel('Title', { exact: true }).fill('Masking Revisited');
  await dialog.getByLabel('Author 1', { exact: true }).fill('Ada Lovelace');
  await dialog.getByLabel('Venue', { exact: true }).fill('CHES');

  const group = dialog.getByRole('group', { name: 'Paper PDF' });
  await expect(group).toContainText('PDF file, up to 50 MB. Saved with the rest of the form.');
  await group.locator('input[type=file]').setInputFiles({ name: 'masking.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(toast(page, 'Success', 'Paper PDF uploaded successfully')).toBeVisible();
  const current = group.getByRole('link', { name: /\.pdf/ });
  await expect(current).toHaveAttribute('href', /^\/files\/paper-pdfs\/\d+-[a-z0-9]+\.pdf$/);
  const stored = (await current.getAttribute('href')) ?? '';
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Success', 'Publication created successfully')).toBeVisible();
  await expect(dialog).toBeHidden();

  const served = await page.request.get('/publications/masking-revisited/masking-revisited.pdf', { maxRedirects: 0 });
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('application/pdf');
  expect(served.headers()['x-content-type-options']).toBe('nosniff');
  expect(Buffer.compare(await served.body(), PDF)).toBe(0);

  await page.getByRole('button', { name: 'Edit Masking Revisited' }).click();
  const editing = page.getByRole('dialog', { name: 'Edit Publication' });
  await editing.getByRole('group', { name: 'Paper PDF' }).getByRole('button', { name: 'Remove' }).click();
  await expect(editing.getByRole('group', { name: 'Paper PDF' })).toContainText('No file yet.');
  await editing.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Success', 'Publication updated successfully')).toBeVisible();
  await expect(editing).toBeHidden();

  expect((await page.request.get('/publications/masking-revisited/masking-revisited.pdf')).status()).toBe(404);
  // The stored file went with it (the owner's preview address answers 404 too).
  await expect.poll(async () => (await page.request.get(stored)).status()).toBe(404);
});

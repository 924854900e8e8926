/**
 * Tags and the /publications filters against the real binary (issue 16): tag
 * a paper in the admin with the keyboard (the picker is a group of native
 * checkboxes), then find it on /publications by its chip and with the GET
 * form, the active filter removable; axe on the pages in light and dark.
 *
 * The tables used are emptied before and after each test, so other files
 * sharing the worker's server see none of these rows.
 */
import { cleanTables, expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, test } from './server';

const { seed } = cleanTables(['publications', 'tags'] as const);

test('tag a paper with the keyboard, then filter /publications by the tag', async ({ page }) => {
  await seed('tags', { name: 'Side channels', color: '#dc2626' });
  await seed('tags', { name: 'Fault attacks', color: '#2563eb' });
  await seed('publications', { title: 'Masking RISC-V', authors: ['Ana Ölund'], venue: 'TCHES', year: 2024 });
  await seed('publications', { title: 'Untagged paper', authors: ['Bo Li'], venue: 'DAC', year: 2023 });

  await signInTo(page, '/admin/publications');
  await page.getByRole('button', { name: 'Edit Masking RISC-V' }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Publication' });
  const tags = dialog.getByRole('group', { name: 'Tags' });
  const side = tags.getByRole('checkbox', { name: 'Side channels' });
  await expect(side).not.toBeChecked();
  // From the first tag, Tab moves to the next one and Space picks it.
  await tags.getByRole('checkbox', { name: 'Fault attacks' }).focus();
  await page.keyboard.press('Tab');
  await expect(side).toBeFocused();
  await page.keyboard.press('Space');
  await expect(side).toBeChecked();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Update' }).click();
  await expect(toast(page, 'Success', 'Publication updated successfully')).toBeVisible();

  // The chip on the public list leads to the tag's page.
  await page.goto('/publications');
  const entry = page.locator('article', { has: page.getByRole('heading', { name: 'Masking RISC-V' }) });
  await entry.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Side channels' }).click();
  await expect(page).toHaveURL(/\/tags\/side-channels$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Publications' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Masking RISC-V' })).toBeVisible();
  await expect(page.getByText('Untagged paper')).toHaveCount(0);

  // The plain GET form filters the list; the active filter has a link that removes it.
  await page.goto('/publications');
  const form = page.getByRole('form', { name: 'Filter publications' });
  await form.getByLabel('Tag').selectOption({ label: 'Side channels' });
  await form.getByRole('button', { name: 'Filter' }).click();
  await expect(page).toHaveURL(/\/publications\?.*tag=side-channels/);
  await expect(page.getByRole('heading', { name: 'Masking RISC-V' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Untagged paper' })).toHaveCount(0);
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    await page.reload();
    await expectNoAxeViolations(page);
  }
  await page.getByRole('link', { name: 'Remove filter Tag: Side channels' }).click();
  await expect(page).toHaveURL(/\/publications$/);
  await expect(page.getByRole('heading', { name: 'Untagged paper' })).toBeVisible();
  await page.goto('/tags/side-channels');
  await expectNoAxeViolations(page);
});

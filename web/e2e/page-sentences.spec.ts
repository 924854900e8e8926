/**
 * Issue 44, item 2, against the real binary: under Homepage, the card
 * "Sentences on this page" changes the line under Featured Publications; the
 * home page shows the owner's line at once and the spec's again after "Use the
 * default". The form refuses markup before sending. Axe finds nothing on the
 * changed admin screen in light and dark, 1280 and 390 px wide; the card is
 * photographed into $VITA_SCREENSHOTS when it is set.
 *
 * The sentence is put back after the test: other files share the worker's server.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { cleanTables, expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, ownerApi, test } from './server';

const SPEC_LINE = 'Recent research contributions in hardware security and embedded systems.';
const OWN_LINE = 'Papers on glaciers, sea ice and the climate models behind them.';

const { seed } = cleanTables(['publications'] as const);

let api: APIRequestContext;
test.beforeEach(async ({ vita }) => {
  api = await ownerApi(vita);
});
test.afterEach(async () => {
  const response = await api.put('/api/settings/texts', { data: { 'home.featured_publications_intro': '' } });
  expect(response.status()).toBe(200);
  await api.dispose();
});

/** The Featured Publications section of / once its sentence is `expected` (a save renders the cached page again). */
async function expectHomeLine(page: Page, expected: string) {
  await expect
    .poll(async () => {
      await page.goto('/');
      return page.locator('section[aria-labelledby="featured-publications-title"] h2 + p').textContent();
    })
    .toBe(expected);
}

test('the owner rewords the Featured Publications line, sees it on /, and puts the default back', async ({ page }) => {
  await seed('publications', { title: 'Sea ice in CMIP6', authors: ['Ada Keller'], venue: 'The Cryosphere', year: 2024, featured: true });
  await expectHomeLine(page, SPEC_LINE);

  await signInTo(page, '/admin/homepage');
  const card = page.getByRole('region', { name: 'Sentences on this page' });
  const line = card.getByRole('form', { name: 'Under “Featured Publications”' });
  const input = line.getByRole('textbox', { name: 'Under “Featured Publications”' });
  await expect(input).toHaveValue(SPEC_LINE);
  await expect(line.getByText(`Default: “${SPEC_LINE}”`)).toBeVisible();
  await expect(line.getByRole('button', { name: 'Use the default' })).toBeDisabled();

  // Markup is refused in the form, before anything is sent.
  await input.fill('Papers on <b>sea ice</b>');
  await line.getByRole('button', { name: 'Save' }).click();
  await expect(line.getByText('A sentence is plain text: leave out HTML tags such as <b>')).toBeVisible();
  await expect(input).toHaveAttribute('aria-invalid', 'true');

  await input.fill(OWN_LINE);
  await line.getByRole('button', { name: 'Save' }).click();
  await expect(toast(page, 'Success', 'Sentence updated successfully')).toBeVisible();
  await expect(line.getByRole('button', { name: 'Use the default' })).toBeEnabled();

  const shots = process.env.VITA_SCREENSHOTS;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto('/admin/homepage');
      await expect(input).toHaveValue(OWN_LINE);
      await card.scrollIntoViewIfNeeded();
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      await expectNoAxeViolations(page);
      if (shots) await card.screenshot({ path: `${shots}/page-sentences-${width}-${colorScheme}.png` });
    }
  }

  await page.setViewportSize({ width: 1280, height: 900 });
  await expectHomeLine(page, OWN_LINE);

  await page.goto('/admin/homepage');
  await line.getByRole('button', { name: 'Use the default' }).click();
  await expect(toast(page, 'Success', 'The default sentence is back')).toBeVisible();
  await expect(input).toHaveValue(SPEC_LINE);
  await expectHomeLine(page, SPEC_LINE);
});

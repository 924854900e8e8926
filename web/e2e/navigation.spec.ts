/**
 * Issue 44, item 1, against the real binary: in Site Settings the owner hides
 * Blog, shows News and CV, moves News up with the keyboard and adds a link;
 * every public page's menu follows, on the desktop and in the phone's menu.
 * With "Hide sections with nothing published" on, the empty sections leave
 * the menu and Talks comes back with its first published talk. Axe finds
 * nothing in light and dark; the card and a public page are photographed
 * (light and dark, 1280 and 390 px wide) into $VITA_SCREENSHOTS when it is set.
 *
 * The settings and the talks are put back after each test: other files share
 * the worker's server.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { cleanTables, expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, ownerApi, test } from './server';

const { seed } = cleanTables(['talks'] as const);

let api: APIRequestContext;
test.beforeEach(async ({ vita }) => {
  api = await ownerApi(vita);
});
test.afterEach(async () => {
  const response = await api.put('/api/settings', { data: { menu: [], hide_empty_sections: false } });
  expect(response.status()).toBe(200);
  await api.dispose();
});

/** The desktop menu's labels, in order (without the Admin button); a menu longer than the
 *  spec's stays behind the menu button at 1280 px, so its list is read whether shown or not. */
async function desktopMenu(page: Page): Promise<string[]> {
  return page.getByRole('navigation', { name: 'Main' }).locator('ul').first().locator('a').allTextContents();
}

/** The menu of `path` once it is `expected`: a save re-renders the cached pages in the background. */
async function expectMenu(page: Page, path: string, expected: string[]) {
  await expect
    .poll(async () => {
      await page.goto(path);
      return desktopMenu(page);
    })
    .toEqual(expected);
}

const card = (page: Page) => page.locator('form[aria-label="Site settings"]');

test('the owner hides Blog, adds News, CV and a link, and reorders the menu', async ({ page }) => {
  await signInTo(page, '/admin/settings');
  await expect(page.getByRole('heading', { name: 'Navigation' })).toBeVisible();
  const form = card(page);
  await form.getByRole('checkbox', { name: 'Blog Shown' }).uncheck();
  await form.getByRole('checkbox', { name: 'News Shown' }).check();
  await form.getByRole('checkbox', { name: 'CV Shown' }).check();
  // News moves up with the keyboard: focus stays on its Up button.
  await form.getByRole('button', { name: 'Move News up' }).focus();
  for (let i = 0; i < 10; i++) await page.keyboard.press('Enter');
  await expect(form.getByRole('button', { name: 'Move News up' })).toBeFocused();
  await form.getByLabel('Label').fill('Lab');
  await form.getByLabel('Address').fill('lab.example.org');
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(form.getByText('The address must start with https:// or http://')).toBeVisible();
  await form.getByLabel('Address').fill('https://lab.example.org/');
  await form.getByRole('button', { name: 'Add link' }).click();
  await expect(form.getByText('Your link: https://lab.example.org/')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(toast(page, 'Success', 'Settings updated successfully')).toBeVisible();

  const expected = [
    'Home',
    'News',
    'About',
    'Research',
    'Selected Publications',
    'Projects',
    'Teaching',
    'Students',
    'Talks',
    'Open Calls',
    'Contact',
    'CV',
    'Lab',
  ];
  await expectMenu(page, '/about', expected);
  await expectMenu(page, '/news', expected);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.locator('ul').first().locator('a', { hasText: 'News' })).toHaveAttribute('aria-current', 'page');
  await expect(nav.locator('ul').first().locator('a', { hasText: 'Lab' })).toHaveAttribute('href', 'https://lab.example.org/');
  await expect(nav.locator('ul').first().locator('a', { hasText: 'Lab' })).not.toHaveAttribute('target', /.*/);

  // The phone's menu is the same.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(page.locator('#site-mobile-nav').getByRole('link')).toHaveText([...expected, 'Admin']);

  const shots = process.env.VITA_SCREENSHOTS;
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.goto('/news');
      if (width === 390) await page.getByRole('button', { name: 'Open menu' }).click();
      await expectNoAxeViolations(page);
      if (shots) await page.screenshot({ path: `${shots}/nav-public-${width}-${colorScheme}.png` });
      await page.goto('/admin/settings');
      await expect(page.getByRole('heading', { name: 'Navigation' })).toBeVisible();
      await page.getByRole('heading', { name: 'Navigation' }).scrollIntoViewIfNeeded();
      const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
      expect(widths.scroll).toBeLessThanOrEqual(widths.client);
      await expectNoAxeViolations(page);
      if (shots) {
        // The Navigation card, from its heading down (the whole form is a long page).
        const top = await page.getByRole('heading', { name: 'Navigation' }).evaluate((h) => h.getBoundingClientRect().top + window.scrollY);
        const clip = { x: 0, y: Math.max(0, top - 40), width, height: width === 390 ? 1700 : 1300 };
        await page.screenshot({ path: `${shots}/nav-admin-${width}-${colorScheme}.png`, fullPage: true, clip });
      }
    }
  }

  // Reset puts the spec's menu back.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('button', { name: 'Reset to the default menu' }).click();
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(toast(page, 'Success', 'Settings updated successfully')).toBeVisible();
  await expectMenu(page, '/about', [
    'Home',
    'About',
    'Research',
    'Selected Publications',
    'Projects',
    'Teaching',
    'Students',
    'Talks',
    'Open Calls',
    'Blog',
    'Contact',
  ]);
});

test('with the option on, a section with nothing published leaves the menu', async ({ page }) => {
  await signInTo(page, '/admin/settings');
  await card(page).getByRole('checkbox', { name: 'Hide sections with nothing published' }).check();
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(toast(page, 'Success', 'Settings updated successfully')).toBeVisible();
  const menu = await (async () => {
    await expect.poll(async () => (await (await page.goto('/about'))?.text())?.includes('href="/talks"')).toBe(false);
    return desktopMenu(page);
  })();
  expect(menu).toContain('Home');
  expect(menu).toContain('About');
  expect(menu).toContain('Contact');
  expect(menu).not.toContain('Talks');

  await seed('talks', { title: 'On menus', event_name: 'MenuConf', date: '2025-05-01', status: 'published', featured: false, tag_ids: [] });
  await expectMenu(page, '/about', [...menu.slice(0, menu.indexOf('Contact')), 'Talks', 'Contact'].sort((a, b) => order(a) - order(b)));

  // Off again: every section is back.
  await page.goto('/admin/settings');
  await card(page).getByRole('checkbox', { name: 'Hide sections with nothing published' }).uncheck();
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(toast(page, 'Success', 'Settings updated successfully')).toBeVisible();
  await expect.poll(async () => (await (await page.goto('/about'))?.text())?.includes('href="/blog"')).toBe(true);
});

/** The spec's order of the menu. */
function order(label: string): number {
  return ['Home', 'About', 'Research', 'Selected Publications', 'Projects', 'Teaching', 'Students', 'Talks', 'Open Calls', 'Blog', 'Contact'].indexOf(
    label,
  );
}

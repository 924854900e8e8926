/**
 * Issue 42, item 9, against the real binary: the owner writes a tagged post in
 * the admin (rich text with math, a cover, a tag); it is listed on /blog, has
 * its page at /blog/<slug> (an article in its head, its cover as the preview's
 * picture) and is under the tag's "Blog" heading; a draft is nowhere. Axe finds
 * nothing in light and dark, a long word wraps at 390 px, and the pages are
 * photographed (light and dark, 1280 and 390 px wide) into $VITA_SCREENSHOTS
 * when it is set, for a person to look at.
 *
 * The tables used are emptied before and after each test.
 */
import type { Page } from '@playwright/test';
import { answerNextConfirm, cleanTables, expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, test } from './server';

const { seed } = cleanTables(['posts', 'tags'] as const);

/** A 1×1 PNG: the photo pipeline makes its one size (1 px wide). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis-and-supercalifragilisticexpialidocious';

/** No sideways scrolling: the page is no wider than the window. */
async function expectNoSidewaysScroll(page: Page) {
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll).toBeLessThanOrEqual(widths.client);
}

async function expectCoverLoaded(page: Page) {
  const cover = page.locator('main .aspect-video img').first();
  await expect(cover).toBeVisible();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
}

test('a post written in the admin is on /blog, on its own page and on its tag’s page; a draft is not', async ({ page, vita }) => {
  await seed('tags', { name: 'Side channels', slug: 'side-channels', color: '#dc2626' });
  await seed('posts', { title: 'Unfinished thoughts', slug: 'unfinished', status: 'draft', featured: false, tag_ids: [] });

  await signInTo(page, '/admin/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog Posts' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Blog Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Blog Post' });
  await dialog.getByLabel('Title', { exact: true }).fill('Why masking is not enough');
  await expect(dialog.getByLabel('Slug', { exact: true })).toHaveValue('why-masking-is-not-enough');
  await dialog.getByLabel('Summary').fill(`Masked implementations still leak: ${LONG_WORD}.`);
  const content = dialog.getByRole('textbox', { name: 'Content', exact: true });
  await content.click();
  await page.keyboard.type('Every secret is split into $d+1$ shares.');
  await dialog.getByLabel('Cover Image URL').fill('/social-card.png');
  await dialog.getByRole('group', { name: 'Tags' }).getByRole('checkbox', { name: 'Side channels' }).check();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Success', /created successfully/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Why masking is not enough' })).toBeVisible();

  // The list: the published post with its summary, tag and cover; not the draft.
  await page.goto('/blog');
  await expect(page.getByText('Blog posts and articles coming soon...')).toHaveCount(0);
  const entry = page.locator('main article');
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('Masked implementations still leak');
  await expect(entry.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Side channels' })).toHaveAttribute(
    'href',
    '/tags/side-channels',
  );
  await expectCoverLoaded(page);
  await expect(page.getByText('Unfinished thoughts')).toHaveCount(0);

  // Its page: one h1, the content with its math drawn, the head of an article.
  await entry.getByRole('link', { name: 'Why masking is not enough' }).click();
  await expect(page).toHaveURL(/\/blog\/why-masking-is-not-enough$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Why masking is not enough');
  const main = page.locator('main');
  await expect(main).toContainText('Every secret is split into');
  await expect(main.locator('math')).toHaveCount(1);
  await expect(main).not.toContainText('$d+1$');
  await expectCoverLoaded(page);
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${vita.url}/social-card.png`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /^Masked implementations still leak/);
  // (Playwright's text matching skips <script>: the blocks are read as they are.)
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  const postings = jsonLd.map((block) => JSON.parse(block) as { '@type': string; headline?: string }).filter((data) => data['@type'] === 'BlogPosting');
  expect(postings.map((posting) => posting.headline)).toEqual(['Why masking is not enough']);
  await expect(main.getByRole('link', { name: 'All blog posts' })).toHaveAttribute('href', '/blog');

  // The tag's page lists it under "Blog".
  await main.getByRole('list', { name: 'Tags' }).getByRole('link', { name: 'Side channels' }).click();
  await expect(page).toHaveURL(/\/tags\/side-channels$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Blog' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 3, name: 'Why masking is not enough' })).toBeVisible();

  // The draft has no page.
  expect((await page.goto('/blog/unfinished'))?.status()).toBe(404);

  const shots = process.env.VITA_SCREENSHOTS;
  for (const [name, path] of [
    ['blog', '/blog'],
    ['post', '/blog/why-masking-is-not-enough'],
  ] as const) {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme });
        await page.goto(path);
        await expectNoSidewaysScroll(page);
        if (width === 1280) await expectNoAxeViolations(page);
        if (shots) await page.screenshot({ path: `${shots}/${name}-${width}-${colorScheme}.png`, fullPage: true });
      }
    }
  }
});

test('a cover photo uploaded in the dialog is shown in its sizes, previewed at its largest, and removed with the post', async ({ page, vita }) => {
  await signInTo(page, '/admin/blog');
  await page.getByRole('button', { name: 'Add Blog Post' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add New Blog Post' });
  await dialog.getByLabel('Title', { exact: true }).fill('A post with a photo');
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('group', { name: 'Cover Image' }).getByRole('button', { name: 'Choose file' }).click();
  await (await chooser).setFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
  await expect(toast(page, 'Success', 'Cover Image uploaded successfully')).toBeVisible();
  const url = await dialog.getByLabel('Cover Image URL').inputValue();
  expect(url).toMatch(/^\/files\/profile-photos\/\d+-[a-z0-9]+-1x1\.png$/);
  await dialog.getByRole('button', { name: 'Create' }).click();
  await expect(toast(page, 'Success', /created successfully/)).toBeVisible();

  // Visitors get the photo's sizes (its original is the owner's only); the preview its largest.
  const variant = url.replace(/\.png$/, '-1');
  for (const path of ['/blog', '/blog/a-post-with-a-photo']) {
    await page.goto(path);
    const picture = page.locator('main picture.aspect-video');
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute('srcset', `${variant}.webp 1w`);
    await expect(picture.locator('img')).toHaveAttribute('src', `${variant}.jpg`);
    await expectCoverLoaded(page);
    expect(await page.content()).not.toContain(`"${url}"`);
  }
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute('content', `${vita.url}${variant}.jpg`);

  await page.goto('/admin/blog');
  const confirmed = answerNextConfirm(page, true);
  await page.getByRole('button', { name: /^Delete/ }).first().click();
  await confirmed;
  await expect(toast(page, 'Success', /deleted successfully/)).toBeVisible();
  await expect.poll(async () => (await page.request.get(`${variant}.jpg`)).status()).toBe(404);
});

test('an empty blog says so in the spec’s words', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Blog' })).toBeVisible();
  await expect(page.locator('main')).toContainText('Blog posts and articles coming soon...');
});

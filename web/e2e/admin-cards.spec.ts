/**
 * The card screens of the admin (News, Publications, Research Areas,
 * Projects) end to end against the real binary: create and edit dialogs,
 * deletes with the browser's confirmation, the spec's validation (in the
 * form and from the server), slugs derived while typing, toasts, the empty
 * and loading states, accessibility in both themes and a 390 px phone.
 *
 * Every test starts from empty tables and the file leaves them empty, so
 * other spec files sharing the worker's server see no rows of these four.
 */
import type { Locator, Page } from '@playwright/test';
import { answerNextConfirm, cleanTables, expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, test } from './server';

const TABLES = ['news', 'publications', 'research-areas', 'projects'] as const;

const { rows, seed } = cleanTables(TABLES);

/** Today in the browser's (and this process's) time zone, as the form's default date. */
function todayText(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

const cards = (page: Page, list: string) => page.getByRole('list', { name: list }).getByRole('listitem');
const card = (page: Page, list: string, title: string) => cards(page, list).filter({ has: page.getByRole('heading', { name: title, exact: true }) });
const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });

/** The public page as the next visitor gets it (server-rendered HTML). */
async function publicHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

test.describe('news', () => {
  test('shows the empty text, creates an item through the dialog and resets the form', async ({ page }) => {
    await signInTo(page, '/admin/news');
    await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
    await expect(page.getByText('No news items found. Add your first news item to get started.', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add News Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New News Item' });
    await expect(dialog).toBeVisible();
    // The spec's defaults: date today, published, not featured.
    await expect(field(dialog, 'Date')).toHaveValue(todayText());
    await expect(field(dialog, 'Status')).toHaveValue('published');
    await expect(field(dialog, 'Featured')).not.toBeChecked();
    await expect(field(dialog, 'Title')).toBeFocused();

    // Required fields and the URL rule, shown next to the fields before anything is sent.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/news')) posts += 1;
    });
    await field(dialog, 'Date').fill('');
    await field(dialog, 'Link URL').fill('example.org/news');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Content is required')).toBeVisible();
    await expect(dialog.getByText('Date is required')).toBeVisible();
    await expect(dialog.getByText('Link URL must be a valid URL starting with http:// or https://')).toBeVisible();
    await expect(field(dialog, 'Title')).toHaveAttribute('aria-invalid', 'true');
    expect(posts).toBe(0);

    await field(dialog, 'Title').fill('Paper accepted at DAC');
    await field(dialog, 'Content').fill('Our paper on hardware trojans was accepted.');
    await field(dialog, 'Date').fill('2025-03-04');
    await field(dialog, 'Link URL').fill('https://example.org/dac');
    await field(dialog, 'Link text').fill('Read more');
    await field(dialog, 'Featured').check();
    await dialog.getByRole('button', { name: 'Create' }).click();

    await expect(toast(page, 'Success', 'News item created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add News Item' })).toBeFocused();
    const created = card(page, 'News', 'Paper accepted at DAC');
    await expect(created).toContainText('March 4, 2025');
    await expect(created.getByText('Featured', { exact: true })).toBeVisible();
    await expect(created.getByText('Draft', { exact: true })).toHaveCount(0);

    const [stored] = await rows('news');
    expect(stored).toMatchObject({
      title: 'Paper accepted at DAC',
      content: 'Our paper on hardware trojans was accepted.',
      date: '2025-03-04',
      link_url: 'https://example.org/dac',
      link_text: 'Read more',
      featured: true,
      status: 'published',
    });
    expect(await publicHtml(page, '/news')).toContain('Paper accepted at DAC');

    // The create form opens empty again.
    await page.getByRole('button', { name: 'Add News Item' }).click();
    await expect(field(dialog, 'Title')).toHaveValue('');
    await expect(field(dialog, 'Link URL')).toHaveValue('');
    await expect(field(dialog, 'Featured')).not.toBeChecked();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Add News Item' })).toBeFocused();
  });

  test('the edit dialog opens prefilled and closes after the update; a draft leaves the public page', async ({ page }) => {
    await seed('news', { title: 'Old news', content: 'Old content.', date: '2024-01-02', featured: false, link_url: null });
    await signInTo(page, '/admin/news');
    await card(page, 'News', 'Old news').getByRole('button', { name: 'Edit Old news' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit News Item' });
    await expect(field(dialog, 'Title')).toHaveValue('Old news');
    await expect(field(dialog, 'Content')).toHaveValue('Old content.');
    await expect(field(dialog, 'Date')).toHaveValue('2024-01-02');
    expect(await publicHtml(page, '/news')).toContain('Old news');

    await field(dialog, 'Title').fill('New news');
    await field(dialog, 'Status').selectOption('draft');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Success', 'News item updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const updated = card(page, 'News', 'New news');
    await expect(updated.getByText('Draft', { exact: true })).toBeVisible();
    await expect(cards(page, 'News')).toHaveCount(1);

    expect(await rows('news')).toMatchObject([{ title: 'New news', status: 'draft', content: 'Old content.', link_url: null }]);
    const html = await publicHtml(page, '/news');
    expect(html).not.toContain('New news');
    expect(html).not.toContain('Old news');
  });

  test('delete asks first: dismissing keeps the item, accepting removes it', async ({ page }) => {
    await seed('news', { title: 'Keep me?', content: 'x', date: '2024-01-02', featured: false });
    await signInTo(page, '/admin/news');
    const remove = page.getByRole('button', { name: 'Delete Keep me?' });

    let question = answerNextConfirm(page, false);
    await remove.click();
    expect(await question).toBe('Are you sure you want to delete this news item?');
    await expect(card(page, 'News', 'Keep me?')).toBeVisible();
    expect(await rows('news')).toHaveLength(1);

    question = answerNextConfirm(page, true);
    await remove.click();
    expect(await question).toBe('Are you sure you want to delete this news item?');
    await expect(toast(page, 'Success', 'News item deleted successfully')).toBeVisible();
    await expect(page.getByText('No news items found. Add your first news item to get started.')).toBeVisible();
    expect(await rows('news')).toHaveLength(0);
  });

  test('shows a spinner while the list loads and disables the save button while saving', async ({ page }) => {
    await signInTo(page, '/admin');
    let releaseList: () => void = () => undefined;
    const listHeld = new Promise<void>((resolve) => (releaseList = resolve));
    // The list is asked for a page at a time (`?limit=50&offset=0`).
    await page.route(/\/api\/admin\/news(\?|$)/, async (route) => {
      await listHeld;
      await route.continue();
    });
    await page.goto('/admin/news');
    await expect(page.getByRole('status').filter({ hasText: 'Loading news items...' })).toBeAttached();
    releaseList();
    await expect(page.getByText('No news items found. Add your first news item to get started.')).toBeVisible();

    let releaseSave: () => void = () => undefined;
    const saveHeld = new Promise<void>((resolve) => (releaseSave = resolve));
    await page.route('**/api/news', async (route) => {
      await saveHeld;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Add News Item' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New News Item' });
    await field(dialog, 'Title').fill('Slow news');
    await field(dialog, 'Content').fill('Saved slowly.');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    releaseSave();
    await expect(toast(page, 'Success', 'News item created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await rows('news')).toMatchObject([{ title: 'Slow news', date: todayText() }]);
  });
});

test.describe('publications', () => {
  test('creates a publication with author rows, a derived slug and the year default', async ({ page }) => {
    await signInTo(page, '/admin/publications');
    await expect(page.getByText('No publications found. Add your first publication to get started.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Publication' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Publication' });
    await expect(field(dialog, 'Year')).toHaveValue(String(new Date().getFullYear()));

    // One author row is always kept: no remove button until a second row exists.
    await expect(dialog.getByLabel(/^Author \d+$/)).toHaveCount(1);
    await expect(dialog.getByRole('button', { name: /^Remove author/ })).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Add Author' }).click();
    await expect(field(dialog, 'Author 2')).toBeFocused();
    await expect(dialog.getByRole('button', { name: /^Remove author/ })).toHaveCount(2);

    // Slug follows the title (variant rule: punctuation removed) until edited by hand.
    await field(dialog, 'Title').pressSequentially('Hardware Trojans: A Survey!');
    await expect(field(dialog, 'Slug')).toHaveValue('hardware-trojans-a-survey');

    await field(dialog, 'Year').fill('');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Venue is required')).toBeVisible();
    await expect(dialog.getByText('Year is required')).toBeVisible();
    await expect(dialog.getByText('Author is required')).toHaveCount(2);
    await expect(field(dialog, 'Author 1')).toHaveAttribute('aria-invalid', 'true');

    await field(dialog, 'Author 1').fill('Ada Lovelace');
    await field(dialog, 'Author 2').fill('Alan Turing');
    await dialog.getByRole('button', { name: 'Add Author' }).click();
    await field(dialog, 'Author 3').fill('Grace Hopper');
    await dialog.getByRole('button', { name: 'Remove author 2' }).click();
    await expect(dialog.getByLabel(/^Author \d+$/)).toHaveCount(2);
    await expect(field(dialog, 'Author 2')).toHaveValue('Grace Hopper');

    await field(dialog, 'Venue').fill('DAC 2024');
    await field(dialog, 'Year').fill('2024');
    await field(dialog, 'PDF URL').fill('ftp://example.org/paper.pdf');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('PDF URL must be a valid URL starting with http:// or https://')).toBeVisible();
    await field(dialog, 'PDF URL').fill('https://example.org/paper.pdf');
    await field(dialog, 'DOI').fill('10.1000/trojans');
    await dialog.getByRole('button', { name: 'Create' }).click();

    await expect(toast(page, 'Success', 'Publication created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const created = card(page, 'Publications', 'Hardware Trojans: A Survey!');
    await expect(created).toContainText('DAC 2024 · 2024');
    await expect(created).toContainText('Ada Lovelace, Grace Hopper');
    expect(await rows('publications')).toMatchObject([
      {
        title: 'Hardware Trojans: A Survey!',
        slug: 'hardware-trojans-a-survey',
        authors: ['Ada Lovelace', 'Grace Hopper'],
        venue: 'DAC 2024',
        year: 2024,
        pdf_url: 'https://example.org/paper.pdf',
        url: null,
        doi: '10.1000/trojans',
        abstract: null,
        status: 'published',
      },
    ]);
    expect(await publicHtml(page, '/publications')).toContain('Hardware Trojans: A Survey!');
  });

  test('a slug clash gets the server message next to the slug and the dialog stays open', async ({ page }) => {
    await seed('publications', { title: 'Taken', slug: 'taken', authors: ['A'], venue: 'V', year: 2020, featured: false });
    await seed('publications', { title: 'Mine', authors: ['B'], venue: 'W', year: 2021, featured: true, status: 'draft' });
    await signInTo(page, '/admin/publications');
    const mine = card(page, 'Publications', 'Mine');
    await expect(mine.getByText('Featured', { exact: true })).toBeVisible();
    await expect(mine.getByText('Draft', { exact: true })).toBeVisible();

    await mine.getByRole('button', { name: 'Edit Mine' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Publication' });
    await expect(field(dialog, 'Slug')).toHaveValue('mine');
    await expect(field(dialog, 'Author 1')).toHaveValue('B');
    await expect(field(dialog, 'Year')).toHaveValue('2021');
    await expect(field(dialog, 'Featured')).toBeChecked();
    await expect(field(dialog, 'Status')).toHaveValue('draft');

    // A slug edited by hand no longer follows the title.
    await field(dialog, 'Slug').fill('taken');
    await field(dialog, 'Title').fill('Mine, renamed');
    await expect(field(dialog, 'Slug')).toHaveValue('taken');
    await dialog.getByRole('button', { name: 'Update' }).click();

    const message = 'Another publication already uses this slug';
    await expect(toast(page, 'Error', message)).toBeVisible();
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(message)).toBeVisible();
    await expect(field(dialog, 'Slug')).toHaveAttribute('aria-invalid', 'true');
    await expect(field(dialog, 'Slug')).toBeFocused();

    await field(dialog, 'Slug').fill('mine-renamed');
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Success', 'Publication updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, 'Publications', 'Mine, renamed')).toBeVisible();
    const stored = (await rows<{ title: string; slug: string }>('publications')).find((row) => row.title === 'Mine, renamed');
    expect(stored?.slug).toBe('mine-renamed');

    const question = answerNextConfirm(page, true);
    await page.getByRole('button', { name: 'Delete Mine, renamed' }).click();
    expect(await question).toBe('Are you sure you want to delete this publication?');
    await expect(toast(page, 'Success', 'Publication deleted successfully')).toBeVisible();
    await expect(cards(page, 'Publications')).toHaveCount(1);
  });
});

test.describe('research areas', () => {
  test('creates an area with the colour picker, icon and sort order; the server cleans the markup', async ({ page }) => {
    await seed('research-areas', { title: 'First area', featured: false, sort_order: 1 });
    await signInTo(page, '/admin/research-areas');
    await page.getByRole('button', { name: 'Add Research Area' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Research Area' });
    await expect(field(dialog, 'Color')).toHaveValue('#3b82f6');
    await expect(dialog.getByLabel('Pick a color')).toHaveValue('#3b82f6');
    await expect(field(dialog, 'Icon')).toHaveValue('Shield');
    await expect(field(dialog, 'Sort order')).toHaveValue('0');

    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();

    await field(dialog, 'Title').fill('Embedded Systems Security');
    await expect(field(dialog, 'Slug')).toHaveValue('embedded-systems-security');
    await field(dialog, 'Color').fill('blue');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Color must be a hex colour like #3b82f6')).toBeVisible();
    // The picker writes the hex text.
    await dialog.getByLabel('Pick a color').fill('#ef4444');
    await expect(field(dialog, 'Color')).toHaveValue('#ef4444');
    await expect(dialog.getByText('Color must be a hex colour like #3b82f6')).toBeHidden();

    await field(dialog, 'Icon').fill('Brain');
    await field(dialog, 'Sort order').fill('0');
    await field(dialog, 'Description').fill('Keeping small devices safe.');
    await field(dialog, 'Content').fill('<p onclick="alert(1)">Secure <strong>firmware</strong></p><script>alert(1)</script>');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Success', 'Research area created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Sort order 0 comes before 1.
    await expect(cards(page, 'Research Areas').getByRole('heading')).toHaveText(['Embedded Systems Security', 'First area']);
    await expect(card(page, 'Research Areas', 'Embedded Systems Security')).toContainText('#ef4444');
    const [stored] = await rows<Record<string, unknown>>('research-areas');
    expect(stored).toMatchObject({ title: 'Embedded Systems Security', slug: 'embedded-systems-security', color: '#ef4444', icon: 'Brain', sort_order: 0 });
    expect(stored?.content).toContain('<strong>firmware</strong>');
    expect(stored?.content).not.toContain('<script');
    expect(stored?.content).not.toContain('onclick');
    expect(await publicHtml(page, '/research')).toContain('Embedded Systems Security');

    const question = answerNextConfirm(page, false);
    await page.getByRole('button', { name: 'Delete First area' }).click();
    expect(await question).toBe('Are you sure you want to delete this research area?');
    await expect(cards(page, 'Research Areas')).toHaveCount(2);
  });
});

test.describe('projects', () => {
  test('creates a project: empty list entries dropped, empty dates sent as null', async ({ page }) => {
    await signInTo(page, '/admin/projects');
    await expect(page.getByText('No projects found. Add your first project to get started.')).toBeVisible();
    await page.getByRole('button', { name: 'Add Project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Project' });
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Summary is required')).toBeVisible();

    await field(dialog, 'Title').fill('Trojan Hunter');
    await expect(field(dialog, 'Slug')).toHaveValue('trojan-hunter');
    await field(dialog, 'Summary').fill('Finding hardware trojans with AI.');
    await field(dialog, 'Technology 1').fill('Rust');
    await dialog.getByRole('button', { name: 'Add Technology' }).click();
    await dialog.getByRole('button', { name: 'Add Technology' }).click();
    await field(dialog, 'Technology 3').fill('Verilog');
    await field(dialog, 'Collaborator 1').fill('  ');
    await field(dialog, 'Demo URL').fill('not a url');
    await field(dialog, 'Start date').fill('2024-05-01');
    await field(dialog, 'End date').fill('2024-04-01');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(dialog.getByText('Demo URL must be a valid URL starting with http:// or https://')).toBeVisible();
    await expect(dialog.getByText('End date must not be before the start date')).toBeVisible();

    await field(dialog, 'Demo URL').fill('https://example.org/demo');
    await field(dialog, 'Start date').fill('');
    await field(dialog, 'End date').fill('');
    await field(dialog, 'Sort order').fill('3');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(toast(page, 'Success', 'Project created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(card(page, 'Projects', 'Trojan Hunter')).toContainText('Rust · Verilog');

    expect(await rows('projects')).toMatchObject([
      {
        title: 'Trojan Hunter',
        slug: 'trojan-hunter',
        summary: 'Finding hardware trojans with AI.',
        tech_stack: ['Rust', 'Verilog'],
        collaborators: [],
        demo_url: 'https://example.org/demo',
        repository_url: null,
        start_date: null,
        end_date: null,
        sort_order: 3,
        content: null,
      },
    ]);
    expect(await publicHtml(page, '/projects')).toContain('Trojan Hunter');
  });

  test('edits a project: lists and dates prefilled, the dialog closes after the update', async ({ page }) => {
    await seed('projects', {
      title: 'Secure Boot',
      summary: 'Boot chains.',
      tech_stack: ['C', 'Rust'],
      collaborators: ['KTH'],
      start_date: '2023-01-01',
      end_date: null,
      featured: true,
      sort_order: 0,
    });
    await signInTo(page, '/admin/projects');
    await expect(card(page, 'Projects', 'Secure Boot')).toContainText('January 1, 2023 – Ongoing');
    await page.getByRole('button', { name: 'Edit Secure Boot' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Project' });
    await expect(field(dialog, 'Technology 1')).toHaveValue('C');
    await expect(field(dialog, 'Technology 2')).toHaveValue('Rust');
    await expect(field(dialog, 'Collaborator 1')).toHaveValue('KTH');
    await expect(field(dialog, 'Start date')).toHaveValue('2023-01-01');
    await expect(field(dialog, 'End date')).toHaveValue('');

    await dialog.getByRole('button', { name: 'Remove technology 1' }).click();
    await field(dialog, 'End date').fill('2025-12-31');
    await field(dialog, 'Featured').uncheck();
    await dialog.getByRole('button', { name: 'Update' }).click();
    await expect(toast(page, 'Success', 'Project updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    const updated = card(page, 'Projects', 'Secure Boot');
    await expect(updated).toContainText('January 1, 2023 – December 31, 2025');
    await expect(updated.getByText('Featured', { exact: true })).toHaveCount(0);
    expect(await rows('projects')).toMatchObject([{ tech_stack: ['Rust'], collaborators: ['KTH'], end_date: '2025-12-31', featured: false }]);

    const question = answerNextConfirm(page, true);
    await page.getByRole('button', { name: 'Delete Secure Boot' }).click();
    expect(await question).toBe('Are you sure you want to delete this project?');
    await expect(toast(page, 'Success', 'Project deleted successfully')).toBeVisible();
    await expect(page.getByText('No projects found. Add your first project to get started.')).toBeVisible();
  });
});

test.describe('accessibility and small screens', () => {
  // Four screens, each checked twice by axe.
  test.describe.configure({ timeout: 120_000 });

  async function seedOneOfEach() {
    await seed('news', { title: 'A news item', content: 'Content.', date: '2025-01-05', featured: true });
    await seed('publications', { title: 'A paper', authors: ['Ada', 'Alan'], venue: 'DAC', year: 2024, featured: false, status: 'draft' });
    await seed('research-areas', { title: 'An area', description: 'About it.', featured: true, sort_order: 0 });
    await seed('projects', { title: 'A project', summary: 'Summary.', tech_stack: ['Rust'], collaborators: [], featured: false, sort_order: 0 });
  }

  const SCREENS = [
    { path: '/admin/news', heading: 'News', item: 'A news item', dialog: 'Edit News Item' },
    { path: '/admin/publications', heading: 'Publications', item: 'A paper', dialog: 'Edit Publication' },
    { path: '/admin/research-areas', heading: 'Research Areas', item: 'An area', dialog: 'Edit Research Area' },
    { path: '/admin/projects', heading: 'Projects', item: 'A project', dialog: 'Edit Project' },
  ];

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`axe finds no violations on the lists and open dialogs (${colorScheme})`, async ({ page }) => {
      await seedOneOfEach();
      await page.emulateMedia({ colorScheme });
      await signInTo(page);
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
        await expect(card(page, screen.heading, screen.item)).toBeVisible();
        await expectNoAxeViolations(page);

        await page.getByRole('button', { name: `Edit ${screen.item}` }).click();
        const dialog = page.getByRole('dialog', { name: screen.dialog });
        await expect(dialog).toBeVisible();
        // With every message showing, too.
        await field(dialog, 'Title').fill('');
        await dialog.getByRole('button', { name: 'Update' }).click();
        await expect(dialog.getByText('Title is required')).toBeVisible();
        await expectNoAxeViolations(page);
        // The emptied title is an unsaved change: closing asks first (issue 44).
        const asked = answerNextConfirm(page, true);
        await page.keyboard.press('Escape');
        expect(await asked).toBe('You have unsaved changes. Leave without saving them?');
        await expect(dialog).toBeHidden();
        await expect(page.getByRole('button', { name: `Edit ${screen.item}` })).toBeFocused();
      }
    });
  }

  test('every screen and dialog fits a 390 px phone', async ({ page }) => {
    await seedOneOfEach();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInTo(page);
    const noSidewaysScroll = async () =>
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      const item = card(page, screen.heading, screen.item);
      await expect(item).toBeVisible();
      await noSidewaysScroll();
      for (const name of [`Edit ${screen.item}`, `Delete ${screen.item}`]) {
        const box = await item.getByRole('button', { name }).boundingBox();
        expect(box && box.x >= 0 && box.x + box.width <= 390, name).toBe(true);
      }

      await item.getByRole('button', { name: `Edit ${screen.item}` }).click();
      const dialog = page.getByRole('dialog', { name: screen.dialog });
      const box = await dialog.boundingBox();
      expect(box && box.x >= 0 && box.x + box.width <= 390 && box.y >= 0 && box.y + box.height <= 844).toBe(true);
      // The buttons at the bottom are reachable by scrolling inside the dialog.
      const update = dialog.getByRole('button', { name: 'Update' });
      await update.scrollIntoViewIfNeeded();
      await expect(update).toBeInViewport();
      await noSidewaysScroll();
      await page.keyboard.press('Escape');
    }
  });
});

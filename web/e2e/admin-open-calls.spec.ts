/**
 * /admin/open-calls end to end, against the real binary (spec sections 2, 4, 5, 8): the
 * inline form card, slug derivation when creating only, rich text (Tiptap) reaching the
 * public page as sanitised HTML, empty fields stored as null, the form staying open on
 * client and server errors, edit, delete with its confirmation, the table's columns,
 * loading and empty texts, toasts, keyboard focus, axe in both themes and a 390 px phone.
 *
 * The browser runs in Honolulu (UTC-10), so a deadline formatted through a UTC Date
 * would show the day before: 'Jan 05, 2025' proves it is not.
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { OpenCall, OpenCallInput } from '../src/api/types';
import { answerNextConfirm, expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, ownerApi, test } from './server';

test.use({ timezoneId: 'Pacific/Honolulu' });

const PAGE = '/admin/open-calls';
const EMPTY_TEXT = 'No open calls found. Create your first open call above.';
// First the rows' selection checkboxes (issue 44), named for screen readers.
const COLUMNS = ['Selected', 'Title', 'Funding Agency', 'Deadline', 'Status', 'Featured', 'Actions'];

let api: APIRequestContext;

test.beforeEach(async ({ vita }) => {
  api ??= await ownerApi(vita);
  // Each test starts from an empty table.
  for (const call of await listCalls()) {
    expect((await api.delete(`/api/open-calls/${call.id}`)).status()).toBe(204);
  }
});

test.afterAll(async () => {
  await api?.dispose();
});

async function listCalls(): Promise<OpenCall[]> {
  const response = await api.get('/api/admin/open-calls');
  expect(response.status()).toBe(200);
  return (await response.json()) as OpenCall[];
}

async function storedCall(title: string): Promise<OpenCall> {
  const call = (await listCalls()).find((candidate) => candidate.title === title);
  expect(call, `stored call '${title}'`).toBeDefined();
  return call!;
}

async function seed(input: Partial<OpenCallInput> & { title: string; slug: string }): Promise<OpenCall> {
  const response = await api.post('/api/open-calls', { data: { featured: false, ...input } });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as OpenCall;
}

const form = (page: Page, name: 'Add New Open Call' | 'Edit Open Call') => page.getByRole('form', { name });
const addButton = (page: Page) => page.getByRole('button', { name: 'Add Open Call' });
const row = (page: Page, title: string) => page.getByRole('row').filter({ has: page.getByRole('cell', { name: title, exact: true }) });
const editor = (scope: Locator, label: string) => scope.getByRole('textbox', { name: label, exact: true });
const tool = (scope: Locator, field: string, name: string) =>
  scope.getByRole('group', { name: `${field} formatting` }).getByRole('button', { name, exact: true });

async function openPage(page: Page) {
  await signInTo(page, PAGE);
  await expect(page.getByRole('heading', { level: 1, name: 'Open Calls' })).toBeVisible();
}

test('shows the loading text, then the empty text', async ({ page }) => {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  // The list is asked for a page at a time (`?limit=50&offset=0`).
  await page.route(/\/api\/admin\/open-calls(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  await signInTo(page, PAGE);
  await expect(page.getByText('Loading open calls...')).toBeVisible();
  release();
  await expect(page.getByText(EMPTY_TEXT, { exact: true })).toBeVisible();
  await expect(page.getByText('Loading open calls...')).toHaveCount(0);
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('creates a call with rich text that the public page shows as formatted HTML', async ({ page }) => {
  await openPage(page);
  await addButton(page).click();
  const card = form(page, 'Add New Open Call');
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading', { name: 'Add New Open Call' })).toBeVisible();
  await expect(addButton(page)).toHaveCount(0); // hidden while the form is open
  await expect(page.getByRole('dialog')).toHaveCount(0); // inline, not a dialog
  await expect(card.getByLabel('Title', { exact: true })).toBeFocused();

  // The slug follows the title while creating (spec section 4).
  await card.getByLabel('Title', { exact: true }).fill('Café PhD: Position!! 2025');
  await expect(card.getByLabel('Slug')).toHaveValue('cafe-phd-position-2025');
  await card.getByLabel('Title', { exact: true }).fill('PhD Position in Hardware Security');
  await expect(card.getByLabel('Slug')).toHaveValue('phd-position-in-hardware-security');
  await card.getByLabel('Description').fill('A fully funded position.');

  // Content: bold from the toolbar, then a bullet list.
  const content = editor(card, 'Content');
  await content.click();
  const bold = tool(card, 'Content', 'Bold');
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await bold.click();
  await expect(bold).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('Strong words');
  await bold.click();
  // The editor applies the toggle on its next update: typing before it lands would go on in bold.
  await expect(bold).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.type(' and plain text.');
  await page.keyboard.press('Enter');
  await tool(card, 'Content', 'Bullet list').click();
  await expect(tool(card, 'Content', 'Bullet list')).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.type('First point');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Second point');
  // Requirements: a numbered list, typed with keyboard shortcuts for italics.
  await editor(card, 'Requirements').click();
  await tool(card, 'Requirements', 'Numbered list').click();
  await page.keyboard.press('ControlOrMeta+i');
  await page.keyboard.type('MSc degree');
  await page.keyboard.press('ControlOrMeta+i');
  // Contact information: a link through the Link button's prompt.
  await editor(card, 'Contact Information').click();
  await page.keyboard.type('Write to ');
  const prompt = answerPrompt(page, 'example.org/contact');
  await tool(card, 'Contact Information', 'Link').click();
  expect(await prompt).toBe('Link URL');

  await card.getByLabel('Contact Email').fill('grants@example.org');
  await card.getByLabel('Application URL').fill('https://example.org/apply');
  await card.getByLabel('Funding Amount').fill('Full salary');
  await card.getByLabel('Duration').fill('4 years');
  await card.getByLabel('Funding Agency').fill('Swedish Research Council');
  await card.getByLabel('Deadline').fill('2030-01-05');
  await card.getByLabel('Featured').check();
  await expect(card.getByLabel('Status')).toHaveValue('published'); // the default

  await card.getByRole('button', { name: 'Create Open Call' }).click();
  await expect(toast(page, 'Success', 'Open call created successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(addButton(page)).toBeFocused();
  const created = row(page, 'PhD Position in Hardware Security');
  await expect(created.getByRole('cell')).toHaveText(['', 'PhD Position in Hardware Security', 'Swedish Research Council', 'Jan 05, 2030', 'published', 'Featured', '']);

  const stored = await storedCall('PhD Position in Hardware Security');
  expect(stored).toMatchObject({
    slug: 'phd-position-in-hardware-security',
    description: 'A fully funded position.',
    content: '<p><strong>Strong words</strong> and plain text.</p><ul><li><p>First point</p></li><li><p>Second point</p></li></ul>',
    requirements: '<ol><li><p><em>MSc degree</em></p></li></ol>',
    contact_email: 'grants@example.org',
    application_url: 'https://example.org/apply',
    funding_amount: 'Full salary',
    duration: '4 years',
    funding_agency: 'Swedish Research Council',
    deadline: '2030-01-05',
    status: 'published',
    featured: true,
  });
  expect(stored.contact_info).toMatch(/^<p>Write to <a href="https:\/\/example\.org\/contact"[^>]*>example\.org\/contact<\/a><\/p>$/);

  // The public page shows the formatted HTML on the next request.
  await page.goto('/open-calls');
  const article = page.getByRole('article', { name: 'PhD Position in Hardware Security' });
  await expect(article.locator('strong')).toHaveText('Strong words');
  await expect(article.locator('ul > li')).toHaveText(['First point', 'Second point']);
  await expect(article.getByRole('region', { name: 'Requirements' }).locator('ol > li em')).toHaveText('MSc degree');
  await expect(article.getByRole('link', { name: 'example.org/contact' })).toHaveAttribute('href', 'https://example.org/contact');
});

test('stores empty optional fields as null, an emptied editor included', async ({ page }) => {
  await openPage(page);
  await addButton(page).click();
  const card = form(page, 'Add New Open Call');
  await card.getByLabel('Title', { exact: true }).fill('Minimal Call');
  // Typed, then deleted again: Tiptap leaves '<p></p>', which counts as empty.
  await editor(card, 'Content').click();
  await page.keyboard.type('gone');
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await card.getByRole('button', { name: 'Create Open Call' }).click();
  await expect(toast(page, 'Success', 'Open call created successfully')).toBeVisible();
  await expect(row(page, 'Minimal Call').getByRole('cell')).toHaveText(['', 'Minimal Call', 'Not specified', 'No deadline', 'published', '', '']);

  const stored = await storedCall('Minimal Call');
  for (const field of ['deadline', 'description', 'content', 'requirements', 'contact_email', 'contact_info', 'application_url', 'funding_amount', 'duration', 'funding_agency'] as const) {
    expect(stored[field], field).toBeNull();
  }
  expect(stored).toMatchObject({ slug: 'minimal-call', status: 'published', featured: false });
});

test('checks the form before sending, with messages next to the fields', async ({ page }) => {
  await openPage(page);
  const posts: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/api/open-calls')) posts.push(request.url());
  });
  await addButton(page).click();
  const card = form(page, 'Add New Open Call');
  await card.getByRole('button', { name: 'Create Open Call' }).click();
  await expect(card.getByText('Title is required', { exact: true })).toBeVisible();
  await expect(card.getByText('Slug is required', { exact: true })).toBeVisible();
  await expect(card.getByLabel('Title', { exact: true })).toBeFocused();
  await expect(card.getByLabel('Title', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(card.getByLabel('Title', { exact: true })).toHaveAccessibleDescription('Title is required');

  await card.getByLabel('Title', { exact: true }).fill('Checked Call');
  await card.getByLabel('Contact Email').fill('not-an-address');
  await card.getByLabel('Application URL').fill('javascript:alert(1)');
  await card.getByRole('button', { name: 'Create Open Call' }).click();
  await expect(card.getByText('Contact email must be a valid email address')).toBeVisible();
  await expect(card.getByText('Application URL must be a valid URL starting with http:// or https://')).toBeVisible();
  await expect(card.getByText('Title is required')).toHaveCount(0);
  await expect(card.getByText('Slug is required')).toHaveCount(0);

  // A slug edited by hand is kept, and checked as the server checks it.
  await card.getByLabel('Slug').fill('Not A Slug');
  await card.getByLabel('Contact Email').fill('');
  await card.getByLabel('Application URL').fill('');
  await card.getByRole('button', { name: 'Create Open Call' }).click();
  await expect(card.getByText('Slug may contain only lower-case letters, digits and single hyphens')).toBeVisible();
  expect(posts).toEqual([]);
  await expect(card).toBeVisible();
});

test('stays open on a server error: a slug clash shows the server message next to the slug', async ({ page }) => {
  await seed({ title: 'Existing Call', slug: 'existing-call' });
  await openPage(page);
  await addButton(page).click();
  const card = form(page, 'Add New Open Call');
  await card.getByLabel('Title', { exact: true }).fill('Existing Call');
  await editor(card, 'Content').click();
  await page.keyboard.type('Kept after the error');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/open-calls') && response.request().method() === 'POST');
  await card.getByRole('button', { name: 'Create Open Call' }).click();
  expect((await answer).status()).toBe(422);

  await expect(toast(page, 'Error', 'Another open call already uses this slug')).toBeVisible();
  await expect(card).toBeVisible();
  await expect(card.getByLabel('Slug')).toHaveAccessibleDescription(/Another open call already uses this slug/);
  await expect(card.getByLabel('Slug')).toBeFocused();
  await expect(card.getByLabel('Title', { exact: true })).toHaveValue('Existing Call');
  await expect(editor(card, 'Content')).toHaveText('Kept after the error');
  await expect(addButton(page)).toHaveCount(0);

  await card.getByLabel('Slug').fill('existing-call-2');
  await card.getByRole('button', { name: 'Create Open Call' }).click();
  await expect(toast(page, 'Success', 'Open call created successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
  const calls = await listCalls();
  expect(calls.map((call) => call.slug).sort()).toEqual(['existing-call', 'existing-call-2']);
  expect(calls.find((call) => call.slug === 'existing-call')?.content).toBeNull(); // the seeded one is untouched
  expect(calls.find((call) => call.slug === 'existing-call-2')?.content).toBe('<p>Kept after the error</p>');
});

test("shows the spec's fall-back toasts when the server gives no message", async ({ page }) => {
  await seed({ title: 'Fragile Call', slug: 'fragile-call' });
  await openPage(page);
  const broken = { status: 500, contentType: 'text/plain', body: 'upstream exploded' };

  await page.route('**/api/open-calls', (route) => (route.request().method() === 'POST' ? route.fulfill(broken) : route.continue()));
  await addButton(page).click();
  const card = form(page, 'Add New Open Call');
  await card.getByLabel('Title', { exact: true }).fill('Never Saved');
  await card.getByRole('button', { name: 'Create Open Call' }).click();
  await expect(toast(page, 'Error', 'Failed to save open call')).toBeVisible();
  await expect(card).toBeVisible();
  await expect(card.getByRole('button', { name: 'Create Open Call' })).toBeEnabled();
  await card.getByRole('button', { name: 'Cancel' }).click();
  await expect(card).toHaveCount(0);

  await page.route('**/api/open-calls/*', (route) => (route.request().method() === 'DELETE' ? route.fulfill(broken) : route.continue()));
  const question = answerNextConfirm(page, true);
  await page.getByRole('button', { name: 'Delete Fragile Call' }).click();
  await question;
  await expect(toast(page, 'Error', 'Failed to delete open call')).toBeVisible();
  await expect(row(page, 'Fragile Call')).toBeVisible();
  expect((await listCalls()).map((call) => call.title)).toEqual(['Fragile Call']);
});

test('edits a call in the same card, prefilled, without re-deriving the slug', async ({ page }) => {
  await seed({ title: 'Other Call', slug: 'other-call', funding_agency: 'EU' });
  const call = await seed({
    title: 'Postdoc in Verification',
    slug: 'postdoc-verification',
    description: 'Two years.',
    content: '<p>Uses <strong>formal</strong> methods.</p>',
    requirements: '<ul><li><p>PhD</p></li></ul>',
    contact_email: 'pi@example.org',
    funding_agency: 'Vinnova',
    deadline: '2025-01-05',
    status: 'draft',
    featured: true,
  });
  await page.setViewportSize({ width: 1280, height: 600 });
  await openPage(page);
  await expect(row(page, 'Postdoc in Verification').getByRole('cell')).toHaveText(['', 'Postdoc in Verification', 'Vinnova', 'Jan 05, 2025', 'draft', 'Featured', '']);

  // Opening another call's form first, then this one: the card shows the chosen call.
  await page.getByRole('button', { name: 'Edit Other Call' }).click();
  await expect(form(page, 'Edit Open Call').getByLabel('Title', { exact: true })).toHaveValue('Other Call');
  const editButton = page.getByRole('button', { name: 'Edit Postdoc in Verification' });
  await editButton.click();
  const card = form(page, 'Edit Open Call');
  await expect(card.getByRole('heading', { name: 'Edit Open Call' })).toBeVisible();
  await expect(card.getByLabel('Title', { exact: true })).toHaveValue('Postdoc in Verification');
  await expect(card.getByLabel('Title', { exact: true })).toBeFocused();
  await expect(card.getByLabel('Title', { exact: true })).toBeInViewport();
  await expect(addButton(page)).toHaveCount(0);
  await expect(card.getByLabel('Slug')).toHaveValue('postdoc-verification');
  await expect(card.getByLabel('Description')).toHaveValue('Two years.');
  await expect(editor(card, 'Content').locator('strong')).toHaveText('formal');
  await expect(editor(card, 'Requirements').locator('li')).toHaveText(['PhD']);
  await expect(card.getByLabel('Contact Email')).toHaveValue('pi@example.org');
  await expect(card.getByLabel('Funding Agency')).toHaveValue('Vinnova');
  await expect(card.getByLabel('Deadline')).toHaveValue('2025-01-05');
  await expect(card.getByLabel('Status')).toHaveValue('draft');
  await expect(card.getByLabel('Featured')).toBeChecked();

  await card.getByLabel('Title', { exact: true }).fill('Postdoc in Formal Verification');
  await expect(card.getByLabel('Slug')).toHaveValue('postdoc-verification'); // only derived when creating
  await card.getByLabel('Status').selectOption('published');
  await card.getByLabel('Featured').uncheck();
  await card.getByLabel('Funding Agency').fill('');
  await card.getByLabel('Deadline').fill('');
  await editor(card, 'Requirements').click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Backspace');
  await card.getByRole('button', { name: 'Update Open Call' }).click();

  await expect(toast(page, 'Success', 'Open call updated successfully')).toBeVisible();
  await expect(card).toHaveCount(0);
  await expect(addButton(page)).toBeVisible();
  await expect(editButton).toHaveCount(0); // renamed
  await expect(page.getByRole('button', { name: 'Edit Postdoc in Formal Verification' })).toBeFocused();
  await expect(row(page, 'Postdoc in Formal Verification').getByRole('cell')).toHaveText(['', 'Postdoc in Formal Verification', 'Not specified', 'No deadline', 'published', '', '']);

  const stored = await storedCall('Postdoc in Formal Verification');
  expect(stored).toMatchObject({
    id: call.id,
    slug: 'postdoc-verification',
    description: 'Two years.',
    content: '<p>Uses <strong>formal</strong> methods.</p>',
    requirements: null,
    contact_email: 'pi@example.org',
    funding_agency: null,
    deadline: null,
    status: 'published',
    featured: false,
  });
  expect((await listCalls()).length).toBe(2);
});

test('Cancel closes the card without saving and gives focus back', async ({ page }) => {
  await seed({ title: 'Untouched Call', slug: 'untouched-call' });
  await openPage(page);
  await addButton(page).click();
  await form(page, 'Add New Open Call').getByLabel('Title', { exact: true }).fill('Abandoned');
  await form(page, 'Add New Open Call').getByRole('button', { name: 'Cancel' }).click();
  await expect(form(page, 'Add New Open Call')).toHaveCount(0);
  await expect(addButton(page)).toBeFocused();
  // Opened again, the form is empty: nothing is carried over.
  await page.keyboard.press('Enter');
  await expect(form(page, 'Add New Open Call').getByLabel('Title', { exact: true })).toHaveValue('');
  await form(page, 'Add New Open Call').getByRole('button', { name: 'Cancel' }).click();

  await page.getByRole('button', { name: 'Edit Untouched Call' }).click();
  await form(page, 'Edit Open Call').getByLabel('Title', { exact: true }).fill('Changed');
  await form(page, 'Edit Open Call').getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('button', { name: 'Edit Untouched Call' })).toBeFocused();
  expect((await listCalls()).map((call) => call.title)).toEqual(['Untouched Call']);
});

test('deletes after the confirmation only', async ({ page }) => {
  const call = await seed({ title: 'Doomed Call', slug: 'doomed-call' });
  await openPage(page);

  let question = answerNextConfirm(page, false);
  await page.getByRole('button', { name: 'Delete Doomed Call' }).click();
  expect(await question).toBe('Are you sure you want to delete this open call?');
  await expect(row(page, 'Doomed Call')).toBeVisible();
  expect((await listCalls()).map((stored) => stored.id)).toEqual([call.id]);

  // Deleting the call being edited closes its form too.
  await page.getByRole('button', { name: 'Edit Doomed Call' }).click();
  await expect(form(page, 'Edit Open Call')).toBeVisible();
  question = answerNextConfirm(page, true);
  await page.getByRole('button', { name: 'Delete Doomed Call' }).click();
  expect(await question).toBe('Are you sure you want to delete this open call?');
  await expect(toast(page, 'Success', 'Open call deleted successfully')).toBeVisible();
  await expect(form(page, 'Edit Open Call')).toHaveCount(0);
  await expect(page.getByText(EMPTY_TEXT, { exact: true })).toBeVisible();
  expect(await listCalls()).toEqual([]);
  expect((await api.get(`/api/open-calls/${call.id}`)).status()).toBe(404);
});

test('neutralises hostile HTML sent through the API', async ({ page }) => {
  const call = await seed({
    title: 'Hostile Call',
    slug: 'hostile-call',
    content:
      '<p>Safe text</p><script>window.__pwned = 1</script><img src="x" onerror="window.__pwned = 2">' +
      '<a href="javascript:window.__pwned = 3">bad link</a><iframe src="https://evil.example"></iframe>',
    requirements: '<p onclick="window.__pwned = 4" style="position:fixed">Requirement</p><svg><script>window.__pwned = 5</script></svg>',
    contact_info: '<p>Mail <a href="mailto:pi@example.org" onmouseover="window.__pwned = 6">us</a></p>',
  });
  for (const html of [call.content, call.requirements, call.contact_info]) {
    expect(html).not.toMatch(/<script|onerror|onclick|onmouseover|javascript:|<iframe|style=/i);
  }
  expect(call.content).toContain('<p>Safe text</p>');
  expect(call.contact_info).toContain('href="mailto:pi@example.org"');

  const dialogs: string[] = [];
  page.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });

  await page.goto('/open-calls');
  const article = page.getByRole('article', { name: 'Hostile Call' });
  await expect(article.getByText('Safe text')).toBeVisible();
  await expect(article.locator('script, iframe, [onerror], [onclick]')).toHaveCount(0);
  await expect(article.getByText('bad link')).not.toHaveAttribute('href', /javascript/);
  await article.getByText('bad link').click();
  await article.getByRole('link', { name: 'us' }).hover();
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  // The admin's editor loads the stored HTML as a document, never as script.
  await openPage(page);
  await page.getByRole('button', { name: 'Edit Hostile Call' }).click();
  const card = form(page, 'Edit Open Call');
  await expect(editor(card, 'Content')).toContainText('Safe text');
  await expect(card.locator('script, iframe, [onerror], [onclick]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
  expect(dialogs).toEqual([]);
});

test('the table has the spec columns, works by keyboard and passes axe in light and dark themes', async ({ page }) => {
  await seed({ title: 'Accessible Call', slug: 'accessible-call', funding_agency: 'ERC', deadline: '2026-12-01', featured: true });
  await seed({ title: 'Plain Draft', slug: 'plain-draft', status: 'draft' });
  await openPage(page);
  await expect(page.getByRole('columnheader')).toHaveText(COLUMNS);
  // The admin order: newest first.
  await expect(page.getByRole('row').nth(1).getByRole('cell').nth(1)).toHaveText('Plain Draft');
  await expect(row(page, 'Accessible Call').getByRole('cell')).toHaveText(['', 'Accessible Call', 'ERC', 'Dec 01, 2026', 'published', 'Featured', '']);
  await expect(row(page, 'Plain Draft').getByRole('cell')).toHaveText(['', 'Plain Draft', 'Not specified', 'No deadline', 'draft', '', '']);

  // Keyboard: Tab reaches the Add button, Enter opens the form with focus inside.
  await page.getByRole('button', { name: 'Edit Plain Draft' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Delete Plain Draft' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('checkbox', { name: 'Select Accessible Call' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Edit Accessible Call' })).toBeFocused();
  await addButton(page).focus();
  await page.keyboard.press('Enter');
  const card = form(page, 'Add New Open Call');
  await expect(card.getByLabel('Title', { exact: true })).toBeFocused();
  await card.getByRole('button', { name: 'Create Open Call' }).click(); // with error messages showing
  await expect(card.getByText('Title is required')).toBeVisible();
  await expectNoAxeViolations(page);

  await page.emulateMedia({ colorScheme: 'dark' });
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Edit Accessible Call' }).click();
  await expect(form(page, 'Edit Open Call')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('fits a 390 px phone: the table scrolls inside its frame, the form fits', async ({ page }) => {
  await seed({ title: 'A Call With a Rather Long Title for a Phone Screen', slug: 'long-title', funding_agency: 'Swedish Foundation for Strategic Research', deadline: '2026-06-30' });
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page);
  await expect(page.getByRole('table')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const frame = page.getByRole('table').locator('xpath=..');
  expect(await frame.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);

  await addButton(page).click();
  const card = form(page, 'Add New Open Call');
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  const box = await card.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  for (const name of ['Bold', 'Italic', 'Bullet list', 'Numbered list', 'Link', 'Undo', 'Redo']) {
    const button = await tool(card, 'Content', name).boundingBox();
    expect(button!.x + button!.width, name).toBeLessThanOrEqual(390);
  }
  await expectNoAxeViolations(page);
});

/** Answers the next `window.prompt` with `value`; resolves to the prompt's message. */
function answerPrompt(page: Page, value: string): Promise<string> {
  return new Promise((resolve) => {
    page.once('dialog', async (dialog) => {
      expect(dialog.type()).toBe('prompt');
      const message = dialog.message();
      await dialog.accept(value);
      resolve(message);
    });
  });
}

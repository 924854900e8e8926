/**
 * The table screens of the admin (Students, Courses, Talks, Tags) end to end
 * against the real binary: the spec's columns and badges, add and edit
 * dialogs with their titles and defaults, deletes with the browser's
 * confirmation, the spec's validation (in the form and from the server),
 * slugs derived while typing, the tag colour controls, toasts, the empty
 * texts, keyboard use, accessibility in both themes and a 390 px phone.
 *
 * Every test starts from empty tables and the file leaves them empty, so
 * other spec files sharing the worker's server see no rows of these four.
 */
import type { Locator, Page } from '@playwright/test';
import { answerNextConfirm, cleanTables, expectNoAxeViolations, signInTo, toast } from './admin';
import { expect, test } from './server';

const TABLES = ['students', 'courses', 'talks', 'tags'] as const;
/** A 1 × 1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

const { rows, seed } = cleanTables(TABLES);

const THIS_YEAR = String(new Date().getFullYear());

/** A field of a dialog by its label. */
const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });
/** The cells' texts of each body row, without the selection checkbox's cell and the Actions cell. */
async function tableRows(page: Page): Promise<string[][]> {
  await expect(page.getByRole('table')).toBeVisible();
  const bodyRows = page.getByRole('table').locator('tbody tr');
  const result: string[][] = [];
  for (const row of await bodyRows.all()) {
    const cells = await row.getByRole('cell').allInnerTexts();
    result.push(cells.slice(1, -1).map((cell) => cell.replace(/\s+/g, ' ').trim()));
  }
  return result;
}
/** The column headers after the selection checkboxes' column (named 'Selected' for screen readers). */
async function headers(page: Page): Promise<string[]> {
  await expect(page.getByRole('table')).toBeVisible();
  const [selection, ...named] = await page.getByRole('table').getByRole('columnheader').allTextContents();
  expect(selection).toBe('Selected');
  return named;
}
/** The message shown under a field (its aria-describedby error). */
async function expectFieldError(control: Locator, message: string) {
  await expect(control).toHaveAttribute('aria-invalid', 'true');
  await expect(control).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
}

/** The public page as the next visitor gets it (server-rendered HTML). */
async function publicHtml(page: Page, path: string): Promise<string> {
  const response = await page.request.get(path);
  expect(response.status()).toBe(200);
  return response.text();
}

test.describe('students', () => {
  test('shows the empty text, creates a student with the defaults and resets the form', async ({ page }) => {
    await signInTo(page, '/admin/students');
    await expect(page.getByRole('heading', { level: 1, name: 'Students' })).toBeVisible();
    await expect(page.getByText('No students found. Add your first student to get started.', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Add Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Student' });
    await expect(dialog).toBeVisible();
    await expect(field(dialog, 'Name')).toBeFocused();
    await expect(field(dialog, 'Level')).toHaveValue('phd');
    await expect(field(dialog, 'Status')).toHaveValue('current');
    await expect(field(dialog, 'Start Year')).toHaveValue(THIS_YEAR);
    await expect(field(dialog, 'Graduation Year')).toHaveValue('');
    await expect(field(dialog, 'Email')).toHaveAttribute('type', 'email');

    // Client rules first: nothing is sent while the form shows them.
    let posts = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().endsWith('/api/students')) posts += 1;
    });
    await field(dialog, 'Email').fill('not-an-address');
    await field(dialog, 'Start Year').fill('2020.5');
    await dialog.getByRole('button', { name: 'Create Student' }).click();
    await expectFieldError(field(dialog, 'Name'), 'Name is required');
    await expectFieldError(field(dialog, 'Email'), 'Email must be a valid email address');
    await expectFieldError(field(dialog, 'Start Year'), 'Start year must be a whole number');
    expect(posts).toBe(0);

    await field(dialog, 'Name').fill('Ada Lovelace');
    await field(dialog, 'Email').fill('ada@example.org');
    await field(dialog, 'Start Year').fill('2022');
    await field(dialog, 'Thesis Title').fill('Analytical engines and their verification');
    await field(dialog, 'Sort Order').fill('first'); // not a number: stored as 0
    await dialog.getByRole('button', { name: 'Create Student' }).click();
    await expect(toast(page, 'Success', 'Student created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    expect(await headers(page)).toEqual(['Name', 'Level', 'Status', 'Start Year', 'Graduation Year', 'Actions']);
    expect(await tableRows(page)).toEqual([['Ada Lovelace', 'PHD', 'Current', '2022', '-']]);
    const [stored] = await rows<Record<string, unknown>>('students');
    expect(stored).toMatchObject({
      name: 'Ada Lovelace',
      level: 'phd',
      status: 'current',
      start_year: 2022,
      graduation_year: null,
      email: 'ada@example.org',
      thesis_title: 'Analytical engines and their verification',
      bio: null,
      linkedin_url: null,
      sort_order: 0,
    });

    // A new dialog starts empty again.
    await page.getByRole('button', { name: 'Add Student' }).click();
    await expect(field(dialog, 'Name')).toHaveValue('');
    await expect(field(dialog, 'Email')).toHaveValue('');
    await expect(field(dialog, 'Sort Order')).toHaveValue('0');
  });

  test('edits a student in a prefilled dialog that closes after the update', async ({ page }) => {
    await seed('students', { name: 'Grace Hopper', level: 'master', start_year: 2019, sort_order: 3, email: 'grace@example.org' });
    await signInTo(page, '/admin/students');
    await page.getByRole('button', { name: 'Edit Grace Hopper' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Student' });
    await expect(field(dialog, 'Name')).toHaveValue('Grace Hopper');
    await expect(field(dialog, 'Level')).toHaveValue('master');
    await expect(field(dialog, 'Start Year')).toHaveValue('2019');
    await expect(field(dialog, 'Sort Order')).toHaveValue('3');
    await expect(field(dialog, 'Email')).toHaveValue('grace@example.org');

    await field(dialog, 'Graduation Year').fill('2018');
    await dialog.getByRole('button', { name: 'Update Student' }).click();
    await expectFieldError(field(dialog, 'Graduation Year'), 'Graduation year must not be before the start year');

    await field(dialog, 'Status').selectOption('graduated');
    await field(dialog, 'Graduation Year').fill('2024');
    await field(dialog, 'Current Position').fill('Rear Admiral');
    await dialog.getByRole('button', { name: 'Update Student' }).click();
    await expect(toast(page, 'Success', 'Student updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await tableRows(page)).toEqual([['Grace Hopper', 'MASTER', 'Graduated', '2019', '2024']]);
    expect((await rows('students'))[0]).toMatchObject({ status: 'graduated', graduation_year: 2024, current_position: 'Rear Admiral', sort_order: 3 });
  });

  test("a photo uploaded in the dialog is saved with the student, shown on /students in its sizes and removed with them", async ({ page }) => {
    await signInTo(page, '/admin/students');
    await page.getByRole('button', { name: 'Add Student' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Student' });
    await field(dialog, 'Name').fill('Ada Lovelace');
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByRole('group', { name: 'Photo' }).getByRole('button', { name: 'Choose file' }).click();
    await (await chooser).setFiles({ name: 'ada.png', mimeType: 'image/png', buffer: PNG });
    await expect(toast(page, 'Success', 'Photo uploaded successfully')).toBeVisible();
    const url = await field(dialog, 'Profile Image URL').inputValue();
    expect(url).toMatch(/^\/files\/profile-photos\/\d+-[a-z0-9]+-1x1\.png$/);
    await dialog.getByRole('button', { name: 'Create Student' }).click();
    await expect(toast(page, 'Success', 'Student created successfully')).toBeVisible();
    expect((await rows('students'))[0]).toMatchObject({ name: 'Ada Lovelace', profile_image_url: url });

    // The public list (the owner is signed in, so it is shown) has the photo's variants, never the original.
    const html = await publicHtml(page, '/students');
    const variant = url.replace(/\.png$/, '-1');
    expect(html).toContain(`srcSet="${variant}.webp 1w"`);
    expect(html).toContain(`src="${variant}.jpg"`);
    expect(html).not.toContain(`"${url}"`);

    const confirmed = answerNextConfirm(page, true);
    await page.getByRole('button', { name: 'Delete Ada Lovelace' }).click();
    await confirmed;
    await expect(toast(page, 'Success', 'Student deleted successfully')).toBeVisible();
    await expect.poll(async () => (await page.request.get(`${variant}.jpg`)).status()).toBe(404);
    expect((await page.request.get(url)).status()).toBe(404);
  });

  test('asks before deleting: dismissing keeps the row, accepting removes it', async ({ page }) => {
    await seed('students', { name: 'Alan Turing', sort_order: 0 });
    await signInTo(page, '/admin/students');
    const remove = page.getByRole('button', { name: 'Delete Alan Turing' });

    const dismissed = answerNextConfirm(page, false);
    await remove.click();
    expect(await dismissed).toBe('Are you sure you want to delete this student?');
    await expect(page.getByRole('cell', { name: 'Alan Turing', exact: true })).toBeVisible();
    expect(await rows('students')).toHaveLength(1);

    const accepted = answerNextConfirm(page, true);
    await remove.click();
    expect(await accepted).toBe('Are you sure you want to delete this student?');
    await expect(toast(page, 'Success', 'Student deleted successfully')).toBeVisible();
    await expect(page.getByText('No students found. Add your first student to get started.', { exact: true })).toBeVisible();
    expect(await rows('students')).toEqual([]);
  });
});

test.describe('courses', () => {
  test('creates a course with a derived slug and fractional credits, shown on /teaching', async ({ page }) => {
    await signInTo(page, '/admin/courses');
    await expect(page.getByText('No courses found. Add your first course to get started.', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add Course' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Course' });
    await expect(field(dialog, 'Year')).toHaveValue(THIS_YEAR);
    await expect(field(dialog, 'Term')).toHaveValue('fall');
    await expect(field(dialog, 'Role')).toHaveValue('instructor');
    await expect(field(dialog, 'Status')).toHaveValue('published');
    await expect(field(dialog, 'Featured')).not.toBeChecked();

    await dialog.getByRole('button', { name: 'Create Course' }).click();
    await expectFieldError(field(dialog, 'Code'), 'Code is required');
    await expectFieldError(field(dialog, 'Title'), 'Title is required');

    await field(dialog, 'Code').fill('EDA234');
    await field(dialog, 'Title').pressSequentially('Hardware Security: Attacks & Defences');
    await expect(field(dialog, 'Slug')).toHaveValue('hardware-security-attacks-defences');
    await field(dialog, 'Credits').fill('7.5');
    await field(dialog, 'Students Count').fill('');
    await field(dialog, 'Course URL').fill('ftp://example.org/course');
    await dialog.getByRole('button', { name: 'Create Course' }).click();
    await expectFieldError(field(dialog, 'Course URL'), 'Course URL must be a valid URL starting with http:// or https://');
    await field(dialog, 'Course URL').fill('https://example.org/eda234');
    await field(dialog, 'Term').selectOption('spring');
    await field(dialog, 'Featured').check();
    await dialog.getByRole('button', { name: 'Create Course' }).click();
    await expect(toast(page, 'Success', 'Course created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    expect(await headers(page)).toEqual(['Code', 'Title', 'Year', 'Term', 'Status', 'Actions']);
    expect(await tableRows(page)).toEqual([['EDA234', 'Hardware Security: Attacks & Defences Featured', THIS_YEAR, 'Spring', 'Published']]);
    expect((await rows('courses'))[0]).toMatchObject({
      code: 'EDA234',
      slug: 'hardware-security-attacks-defences',
      year: Number(THIS_YEAR),
      term: 'spring',
      role: 'instructor',
      credits: 7.5,
      students_count: null,
      syllabus_url: null,
      course_url: 'https://example.org/eda234',
      featured: true,
      status: 'published',
    });
    expect(await publicHtml(page, '/teaching')).toContain('Hardware Security: Attacks &amp; Defences');
  });

  test('edits a course to draft, which leaves the public page, and derives the slug on every title change', async ({ page }) => {
    await seed('courses', { code: 'CS101', title: 'Intro to Computing', featured: false, credits: 5 });
    expect(await publicHtml(page, '/teaching')).toContain('Intro to Computing');
    await signInTo(page, '/admin/courses');
    await page.getByRole('button', { name: 'Edit CS101 Intro to Computing' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Course' });
    await expect(field(dialog, 'Title')).toHaveValue('Intro to Computing');
    await expect(field(dialog, 'Slug')).toHaveValue('intro-to-computing');
    await expect(field(dialog, 'Credits')).toHaveValue('5');

    await field(dialog, 'Slug').fill('my-own-slug'); // editable by hand...
    await field(dialog, 'Title').fill('Introduction to Computing'); // ...and derived again on a title change
    await expect(field(dialog, 'Slug')).toHaveValue('introduction-to-computing');
    await field(dialog, 'Status').selectOption('draft');
    await dialog.getByRole('button', { name: 'Update Course' }).click();
    await expect(toast(page, 'Success', 'Course updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await tableRows(page)).toEqual([['CS101', 'Introduction to Computing', THIS_YEAR, 'Fall', 'Draft']]);
    expect((await rows('courses'))[0]).toMatchObject({ slug: 'introduction-to-computing', status: 'draft' });
    expect(await publicHtml(page, '/teaching')).not.toContain('Introduction to Computing');
  });

  test('deletes a course after the confirmation', async ({ page }) => {
    await seed('courses', { code: 'CS202', title: 'Embedded Systems', featured: false });
    await signInTo(page, '/admin/courses');
    const dismissed = answerNextConfirm(page, false);
    await page.getByRole('button', { name: 'Delete CS202 Embedded Systems' }).click();
    expect(await dismissed).toBe('Are you sure you want to delete this course?');
    expect(await rows('courses')).toHaveLength(1);
    const accepted = answerNextConfirm(page, true);
    await page.getByRole('button', { name: 'Delete CS202 Embedded Systems' }).click();
    await accepted;
    await expect(toast(page, 'Success', 'Course deleted successfully')).toBeVisible();
    await expect(page.getByText('No courses found. Add your first course to get started.', { exact: true })).toBeVisible();
    expect(await rows('courses')).toEqual([]);
  });
});

test.describe('talks', () => {
  test('creates a talk: required fields, derived slug, local date, type badge, public page', async ({ page }) => {
    await signInTo(page, '/admin/talks');
    await expect(page.getByText('No talks found. Add your first talk to get started.', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add Talk' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Talk' });
    await expect(field(dialog, 'Type')).toHaveValue('invited');
    await expect(field(dialog, 'Status')).toHaveValue('published');
    await expect(field(dialog, 'Date')).toHaveAttribute('type', 'date');

    await dialog.getByRole('button', { name: 'Create Talk' }).click();
    await expectFieldError(field(dialog, 'Title'), 'Title is required');
    await expectFieldError(field(dialog, 'Event Name'), 'Event name is required');
    await expectFieldError(field(dialog, 'Date'), 'Date is required');

    await field(dialog, 'Title').fill('Verifying Chips with AI');
    await expect(field(dialog, 'Slug')).toHaveValue('verifying-chips-with-ai');
    await field(dialog, 'Event Name').fill('DATE 2025');
    await field(dialog, 'Event Location').fill('Lyon, France');
    await field(dialog, 'Date').fill('2025-03-14');
    await field(dialog, 'Type').selectOption('keynote');
    await field(dialog, 'Featured').check();
    await dialog.getByRole('button', { name: 'Create Talk' }).click();
    await expect(toast(page, 'Success', 'Talk created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    expect(await headers(page)).toEqual(['Title', 'Event', 'Date', 'Type', 'Status', 'Actions']);
    expect(await tableRows(page)).toEqual([['Verifying Chips with AI Featured', 'DATE 2025 Lyon, France', '3/14/2025', 'Keynote', 'Published']]);
    expect((await rows('talks'))[0]).toMatchObject({
      slug: 'verifying-chips-with-ai',
      event_location: 'Lyon, France',
      date: '2025-03-14',
      type: 'keynote',
      abstract: null,
      featured: true,
    });
    expect(await publicHtml(page, '/talks')).toContain('Verifying Chips with AI');
  });

  test('a slug clash gets the server message next to the slug; edit and delete', async ({ page }) => {
    await seed('talks', { title: 'Side Channels', event_name: 'CHES', date: '2024-09-01', featured: false });
    await seed('talks', { title: 'Fault Attacks', event_name: 'FDTC', date: '2024-10-02', featured: false });
    await signInTo(page, '/admin/talks');
    await page.getByRole('button', { name: 'Edit Fault Attacks' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Talk' });
    await expect(field(dialog, 'Date')).toHaveValue('2024-10-02');
    await field(dialog, 'Title').fill('Side Channels');
    await dialog.getByRole('button', { name: 'Update Talk' }).click();
    await expect(toast(page, 'Error', /./)).toBeVisible();
    await expectFieldError(field(dialog, 'Slug'), 'Another talk already uses this slug');
    await expect(dialog).toBeVisible();

    await field(dialog, 'Slug').fill('side-channels-2');
    await dialog.getByRole('button', { name: 'Update Talk' }).click();
    await expect(toast(page, 'Success', 'Talk updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    // Newest first.
    expect((await tableRows(page)).map((row) => row[0])).toEqual(['Side Channels', 'Side Channels']);

    const accepted = answerNextConfirm(page, true);
    await page.getByRole('button', { name: 'Delete Side Channels' }).first().click();
    expect(await accepted).toBe('Are you sure you want to delete this talk?');
    await expect(toast(page, 'Success', 'Talk deleted successfully')).toBeVisible();
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
    expect((await rows<{ slug: string }>('talks')).map((talk) => talk.slug)).toEqual(['side-channels']);
  });
});

test.describe('tags', () => {
  test('creates a tag with the slug, the colour controls and the live preview', async ({ page }) => {
    await signInTo(page, '/admin/tags');
    await expect(page.getByText('No tags found. Add your first tag to get started.', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Add Tag' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add New Tag' });
    const preview = dialog.getByTestId('tag-preview');
    await expect(preview).toHaveText('Tag Name');
    await expect(field(dialog, 'Hex Code')).toHaveValue('#3b82f6');
    await expect(field(dialog, 'Picker')).toHaveAttribute('type', 'color');
    await expect(field(dialog, 'Picker')).toHaveValue('#3b82f6');

    const presets = dialog.getByRole('group', { name: 'Preset colors' }).getByRole('button');
    await expect(presets).toHaveCount(10);
    expect(await presets.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))).toEqual([
      'Blue (#3b82f6)',
      'Red (#ef4444)',
      'Green (#10b981)',
      'Amber (#f59e0b)',
      'Violet (#8b5cf6)',
      'Pink (#ec4899)',
      'Cyan (#06b6d4)',
      'Lime (#84cc16)',
      'Orange (#f97316)',
      'Gray (#6b7280)',
    ]);
    await expect(dialog.getByRole('button', { name: 'Blue (#3b82f6)' })).toHaveAttribute('aria-pressed', 'true');

    await dialog.getByRole('button', { name: 'Create Tag' }).click();
    await expectFieldError(field(dialog, 'Name'), 'Name is required');

    await field(dialog, 'Name').pressSequentially('Post-Quantum Crypto');
    await expect(field(dialog, 'Slug')).toHaveValue('post-quantum-crypto');
    await expect(preview).toHaveText('Post-Quantum Crypto');

    await dialog.getByRole('button', { name: 'Amber (#f59e0b)' }).click();
    await expect(field(dialog, 'Hex Code')).toHaveValue('#f59e0b');
    await expect(field(dialog, 'Picker')).toHaveValue('#f59e0b');
    await expect(dialog.getByRole('button', { name: 'Amber (#f59e0b)' })).toHaveAttribute('aria-pressed', 'true');
    await expect(dialog.getByRole('button', { name: 'Blue (#3b82f6)' })).toHaveAttribute('aria-pressed', 'false');
    await expect(preview.locator('span').first()).toHaveCSS('background-color', 'rgb(245, 158, 11)');

    // The hex text drives the picker and the preview too; a half-typed value is refused.
    await field(dialog, 'Hex Code').fill('#12ab3');
    await dialog.getByRole('button', { name: 'Create Tag' }).click();
    await expectFieldError(field(dialog, 'Hex Code'), 'Color must be a hex colour like #3b82f6');
    await field(dialog, 'Hex Code').fill('#12AB3C');
    await expect(field(dialog, 'Picker')).toHaveValue('#12ab3c');
    await expect(preview.locator('span').first()).toHaveCSS('background-color', 'rgb(18, 171, 60)');
    await dialog.getByRole('button', { name: 'Create Tag' }).click();
    await expect(toast(page, 'Success', 'Tag created successfully')).toBeVisible();
    await expect(dialog).toBeHidden();

    expect(await headers(page)).toEqual(['Tag', 'Slug', 'Color', 'Actions']);
    expect(await tableRows(page)).toEqual([['Post-Quantum Crypto', 'post-quantum-crypto', '#12ab3c']]);
    expect((await rows('tags'))[0]).toMatchObject({ name: 'Post-Quantum Crypto', slug: 'post-quantum-crypto', color: '#12ab3c' });

    await page.getByRole('button', { name: 'Add Tag' }).click();
    await expect(field(dialog, 'Name')).toHaveValue('');
    await expect(field(dialog, 'Hex Code')).toHaveValue('#3b82f6');
    await expect(preview).toHaveText('Tag Name');
  });

  test('a slug clash stays in the dialog with the server message; edit; delete failures use the fall-back', async ({ page }) => {
    await seed('tags', { name: 'Security', color: '#ef4444' });
    await seed('tags', { name: 'Verification', color: '#10b981' });
    await signInTo(page, '/admin/tags');
    expect(await tableRows(page)).toEqual([
      ['Security', 'security', '#ef4444'],
      ['Verification', 'verification', '#10b981'],
    ]);

    await page.getByRole('button', { name: 'Add Tag' }).click();
    const add = page.getByRole('dialog', { name: 'Add New Tag' });
    await field(add, 'Name').fill('Security!');
    await add.getByRole('button', { name: 'Create Tag' }).click();
    await expect(toast(page, 'Error', /./)).toBeVisible();
    await expectFieldError(field(add, 'Slug'), 'Another tag already uses this slug');
    await add.getByRole('button', { name: 'Cancel' }).click();
    await expect(add).toBeHidden();
    expect(await rows('tags')).toHaveLength(2);

    await page.getByRole('button', { name: 'Edit Verification' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Tag' });
    await expect(field(edit, 'Name')).toHaveValue('Verification');
    await expect(field(edit, 'Hex Code')).toHaveValue('#10b981');
    await expect(edit.getByRole('button', { name: 'Green (#10b981)' })).toHaveAttribute('aria-pressed', 'true');
    await edit.getByRole('button', { name: 'Gray (#6b7280)' }).click();
    await edit.getByRole('button', { name: 'Update Tag' }).click();
    await expect(toast(page, 'Success', 'Tag updated successfully')).toBeVisible();
    await expect(edit).toBeHidden();
    expect((await rows<{ name: string; color: string }>('tags')).find((tag) => tag.name === 'Verification')?.color).toBe('#6b7280');

    // A delete that fails without a server message: the spec's fall-back text.
    await page.route('**/api/tags/*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 502, body: 'Bad gateway' }) : route.fallback(),
    );
    const accepted = answerNextConfirm(page, true);
    await page.getByRole('button', { name: 'Delete Security' }).click();
    expect(await accepted).toBe('Are you sure you want to delete this tag?');
    await expect(toast(page, 'Error', 'Failed to delete tag')).toBeVisible();
    await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(2);
    await page.unroute('**/api/tags/*');

    const again = answerNextConfirm(page, true);
    await page.getByRole('button', { name: 'Delete Security' }).click();
    await again;
    await expect(toast(page, 'Success', 'Tag deleted successfully')).toBeVisible();
    expect((await rows<{ name: string }>('tags')).map((tag) => tag.name)).toEqual(['Verification']);
  });
});

test.describe('keyboard, accessibility and phones', () => {
  async function seedOneOfEach() {
    await seed('students', { name: 'Ada Lovelace', sort_order: 0, graduation_year: null });
    await seed('courses', { code: 'EDA234', title: 'Hardware Security', featured: true, credits: 7.5 });
    await seed('talks', { title: 'Verifying Chips with AI', event_name: 'DATE', event_location: 'Lyon', date: '2025-03-14', featured: true });
    await seed('tags', { name: 'Security', color: '#f59e0b' });
  }

  const SCREENS = [
    { path: '/admin/students', add: 'Add Student', title: 'Add New Student', first: 'Name' },
    { path: '/admin/courses', add: 'Add Course', title: 'Add New Course', first: 'Code' },
    { path: '/admin/talks', add: 'Add Talk', title: 'Add New Talk', first: 'Title' },
    { path: '/admin/tags', add: 'Add Tag', title: 'Add New Tag', first: 'Name' },
  ] as const;

  test('dialogs take the focus, close with Escape and give the focus back', async ({ page }) => {
    await seedOneOfEach();
    await signInTo(page, '/admin/students');
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      const opener = page.getByRole('button', { name: screen.add });
      await opener.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: screen.title });
      await expect(field(dialog, screen.first)).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();
      await expect(opener).toBeFocused();
    }
    // Edit buttons work from the keyboard too, and get the focus back after a save.
    const edit = page.getByRole('button', { name: 'Edit Security' });
    await edit.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Edit Tag' });
    await expect(field(dialog, 'Name')).toBeFocused();
    await page.keyboard.press('Enter'); // submits the form
    await expect(toast(page, 'Success', 'Tag updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(edit).toBeFocused();
  });

  for (const colorScheme of ['light', 'dark'] as const) {
    test(`no axe violations with rows and with the dialog open (${colorScheme})`, async ({ page }) => {
      test.slow(); // eight axe runs
      await seedOneOfEach();
      await page.emulateMedia({ colorScheme });
      await signInTo(page, '/admin/students');
      await expect(page.locator('html')).toHaveClass(colorScheme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b).*$/);
      for (const screen of SCREENS) {
        await page.goto(screen.path);
        await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
        await expectNoAxeViolations(page);
        await page.getByRole('button', { name: screen.add }).click();
        const dialog = page.getByRole('dialog', { name: screen.title });
        // With the form's messages showing too.
        await dialog.getByRole('button', { name: /^Create / }).click();
        await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
        await expectNoAxeViolations(page);
      }
    });
  }

  test('works on a 390 px phone: the table scrolls inside its frame, dialogs fit', async ({ page }) => {
    await seedOneOfEach();
    await page.setViewportSize({ width: 390, height: 844 });
    await signInTo(page, '/admin/students');
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('table').locator('tbody tr')).toHaveCount(1);
      // The page itself never scrolls sideways; the table's wrapper does when it must.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      const actions = page.getByRole('button', { name: /^Delete / });
      await actions.scrollIntoViewIfNeeded();
      await expect(actions).toBeInViewport();

      await page.getByRole('button', { name: screen.add }).click();
      const dialog = page.getByRole('dialog', { name: screen.title });
      const box = await dialog.boundingBox();
      expect(box).not.toBeNull();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      expect(box!.height).toBeLessThanOrEqual(844);
      const submit = dialog.getByRole('button', { name: /^Create / });
      await submit.scrollIntoViewIfNeeded();
      await expect(submit).toBeInViewport();
      await page.keyboard.press('Escape');
    }
  });
});

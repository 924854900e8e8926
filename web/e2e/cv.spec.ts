/**
 * /cv (issue 28) against the real binary: the CV sections and existing content
 * created through the API show on the server-rendered page (published items
 * only, papers by kind, the owner's name in bold), an admin screen adds a row,
 * and axe-core finds nothing in light and dark.
 */
import type { APIRequestContext } from '@playwright/test';
import { expectNoAxeViolations, signInTo } from './admin';
import { expect, ownerApi, test } from './server';

const TABLES = ['cv-appointments', 'cv-education', 'cv-awards', 'cv-grants', 'cv-service', 'cv-other', 'publications', 'talks', 'courses'];

let api: APIRequestContext;

async function seed(table: string, data: Record<string, unknown>) {
  const response = await api.post(`/api/${table}`, { data });
  expect(response.status(), await response.text()).toBe(201);
}

async function clear() {
  for (const table of TABLES) {
    const response = await api.get(`/api/admin/${table}`);
    for (const row of (await response.json()) as { id: string }[]) {
      expect((await api.delete(`/api/${table}/${row.id}`)).ok()).toBe(true);
    }
  }
}

test.beforeEach(async ({ vita }) => {
  api = await ownerApi(vita);
  await clear();
  expect((await api.put('/api/homepage/hero', { data: { name: 'Dr. Alex Lindberg' } })).ok()).toBe(true);
  await seed('cv-appointments', { title: 'Associate Professor', institution: 'Chalmers', place: 'Gothenburg', start_year: 2019, end_year: null });
  await seed('cv-education', { degree: 'PhD', field: 'Computer Engineering', institution: 'KTH', year: 2012, thesis_title: 'Secure boot', advisor: 'Prof. B' });
  await seed('cv-awards', { name: 'Best Paper Award', awarding_body: 'DAC', year: 2021 });
  await seed('cv-awards', { name: 'Draft Award Never Shown', year: 2021, status: 'draft' });
  await seed('cv-grants', { title: 'Trusted chips', funder: 'VR', role: 'PI', amount: 4000000, currency: 'SEK', start_year: 2022, end_year: 2025 });
  await seed('cv-service', { role: 'Associate editor', body: 'IEEE TCAD', kind: 'editorial-board', start_year: 2020, end_year: null });
  await seed('cv-other', { title: 'Languages', content: '<p>Swedish, English</p>' });
  const paper = (title: string, kind: string) => ({ title, authors: ['Alex Lindberg', 'Kim Berg'], venue: 'IEEE TCAD', year: 2024, kind });
  await seed('publications', paper('Masked AES in silicon', 'journal-article'));
  await seed('publications', paper('Fault attacks on RISC-V', 'conference-paper'));
  await seed('talks', { title: 'Keynote on chips', event_name: 'DATE', date: '2024-03-01' });
  await seed('courses', { code: 'EDA123', title: 'Hardware Security' });
});

test.afterEach(async () => {
  await clear();
  expect((await api.put('/api/settings', { data: { cv_button: 'uploaded', cv_paper_size: 'a4' } })).ok()).toBe(true);
  await api.dispose();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`/cv shows the published CV, ${scheme}, with no axe violations`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.goto('/cv');
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    if (scheme === 'dark') await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('heading', { level: 1, name: 'Curriculum Vitae' })).toBeVisible();
    await expect(page).toHaveTitle('Curriculum Vitae — Dr. Alex Lindberg');
    for (const heading of ['Appointments', 'Education', 'Awards and Honours', 'Grants and Funding', 'Publications', 'Talks', 'Teaching', 'Service', 'Languages']) {
      await expect(page.getByRole('heading', { level: 2, name: heading, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('heading', { level: 3, name: 'Journal Articles' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Conference Papers' })).toBeVisible();
    await expect(page.getByText('2019–present')).toBeVisible();
    await expect(page.getByText('VR · PI · 4,000,000 SEK')).toBeVisible();
    await expect(page.locator('strong', { hasText: 'A. Lindberg' }).first()).toBeVisible();
    await expect(page.getByText('Draft Award Never Shown')).toHaveCount(0);
    // No uploaded CV: "Download PDF" opens the one generated from this data. Students are not shown publicly by default.
    await expect(page.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', '/cv.pdf');
    await expect(page.getByRole('heading', { name: 'Supervised Students' })).toHaveCount(0);
    await expect(page.locator('footer').getByRole('link', { name: 'Curriculum Vitae' })).toHaveAttribute('href', '/cv');
    await expectNoAxeViolations(page);
  });
}

test('"Download PDF" gives the typeset CV, named after the owner', async ({ page }) => {
  await page.goto('/cv');
  const link = page.getByRole('link', { name: 'Download PDF' });
  await link.focus();
  await expect(link).toBeFocused();
  const href = await link.getAttribute('href');
  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toBe('inline; filename="dr-alex-lindberg-cv.pdf"');
  const body = await response.body();
  expect(body.subarray(0, 5).toString()).toBe('%PDF-');
  // The browser opens it in a tab of its own, from the same server.
  const [popup] = await Promise.all([page.waitForEvent('popup'), link.click()]);
  await expect.poll(() => popup.url()).toMatch(/\/cv\.pdf$/);
});

test('an award added in the admin shows on /cv', async ({ page }) => {
  await signInTo(page, '/admin/cv-awards');
  await expect(page.getByRole('heading', { level: 1, name: 'Awards and Honours' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Award' }).click();
  await page.getByLabel('Name').fill('Distinguished Reviewer');
  await page.getByLabel('Awarding body').fill('CHES');
  await page.getByLabel('Year').fill('2023');
  await page.getByRole('button', { name: 'Create Award' }).click();
  await expect(page.getByRole('cell', { name: 'Distinguished Reviewer', exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/cv');
  await expect(page.getByText('Distinguished Reviewer')).toBeVisible();
});

test("Site Settings: the home page's Download CV opens the generated PDF, on US Letter", async ({ page }) => {
  await signInTo(page, '/admin/settings');
  await page.getByLabel('The CV buttons open').selectOption('generated');
  await page.getByLabel('Paper of the CV PDF').selectOption('us-letter');
  await page.getByRole('button', { name: 'Update Settings' }).click();
  await expect(page.getByText('Settings updated successfully')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto('/');
  const button = page.getByRole('link', { name: 'Download CV' });
  await expect(button).toHaveAttribute('href', '/cv.pdf');
  const response = await page.request.get('/cv.pdf');
  expect(response.headers()['content-type']).toBe('application/pdf');
  // US Letter: the page box is 612 × 792 points.
  expect((await response.body()).toString('latin1')).toMatch(/\/MediaBox\s*\[\s*0\s+0\s+612\s+792\s*\]/);
});

test("the CV's admin tables keep Edit and Delete in view on a 390 px phone (issue 44)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInTo(page, '/admin');
  for (const [path, name] of [
    ['/admin/cv-appointments', 'Associate Professor'],
    ['/admin/cv-grants', 'Trusted chips'],
    ['/admin/cv-service', 'Associate editor'],
  ] as const) {
    await page.goto(path);
    for (const action of ['Edit', 'Delete']) {
      const button = page.getByRole('button', { name: `${action} ${name}` });
      await expect(button).toBeVisible();
      const box = await button.boundingBox();
      expect(box!.x).toBeGreaterThanOrEqual(0);
      expect(box!.x + box!.width, `${action} on ${path}`).toBeLessThanOrEqual(390);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
});

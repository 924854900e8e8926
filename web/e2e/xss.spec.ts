/**
 * The XSS corpus in a real browser (issue 15, item 10), on a subset: `tests/it/xss.rs` puts
 * 60 payloads in every field and checks the rendered HTML; here 16 of them go into the rich-text,
 * plain and link fields the public pages show most, and every public page, the papers' pages
 * and the admin's edit screens are opened in Chromium. Each payload calls `__xss(n)` (exposed
 * to every page the browser opens) or opens a dialog: neither may happen.
 */
import type { APIRequestContext, Page } from '@playwright/test';
import { signInTo } from './admin';
import { expect, ownerApi, test } from './server';

const PAYLOADS = [
  '<script>__xss(1)</script>',
  '<img src=x onerror=__xss(2)>',
  '<svg onload=__xss(3)>',
  '<svg><script>__xss(4)</script></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=__xss(5)>',
  '<a href="javascript:__xss(7)">link</a>',
  '<a href="&#106;avascript:__xss(9)">link</a>',
  '<details open ontoggle=__xss(16)>',
  '<input autofocus onfocus=__xss(17)>',
  '"><script>__xss(20)</script>',
  "'><img src=x onerror=__xss(21)>",
  '</script><script>__xss(24)</script>',
  '<iframe srcdoc="<script>__xss(44)</script>"></iframe>',
  '<noscript><p title="</noscript><img src=x onerror=__xss(45)>"></noscript>',
  'javascript:__xss(49)',
  '<img src=x:x onerror=__xss(57)//',
];

const PUBLIC_PATHS = ['/', '/about', '/research', '/publications', '/projects', '/teaching', '/students', '/talks', '/blog', '/open-calls', '/contact', '/news'];
const TABLES = ['news', 'publications', 'research-areas', 'projects', 'talks', 'open-calls', 'students'] as const;

let api: APIRequestContext;
const sectionsBefore: Record<string, unknown> = {};

/** Creates the row, or accepts that a field refused the payload (nothing stored, nothing runs). */
async function store(path: string, data: Record<string, unknown>): Promise<{ slug?: string } | null> {
  const response = await api.post(path, { data });
  expect([201, 422], `${path}: ${await response.text()}`).toContain(response.status());
  return response.status() === 201 ? ((await response.json()) as { slug?: string }) : null;
}

/** Rows of every table carrying payload `n`. Returns the paper's slug. */
async function seed(n: number, payload: string): Promise<string | undefined> {
  await store('/api/news', { title: `XSS news ${n}`, content: payload, link_text: payload });
  await store('/api/news', { title: `XSS news ${n} link`, content: 'x', link_url: payload, link_text: 'link' });
  await store('/api/research-areas', { title: `XSS area ${n}`, description: payload, content: payload });
  await store('/api/projects', { title: `XSS project ${n}`, summary: payload, content: payload, tech_stack: [payload] });
  await store('/api/talks', { title: `XSS talk ${n}`, event_name: payload, date: '2024-03-10', abstract: payload });
  await store('/api/open-calls', { title: `XSS call ${n}`, slug: `xss-call-${n}`, content: payload, requirements: payload, contact_info: payload });
  await store('/api/students', { name: `XSS student ${n}`, bio: payload, thesis_title: payload, status: 'current' });
  const paper = await store('/api/publications', { title: `XSS paper ${n} ${payload}`, authors: [payload], venue: payload, year: 2024, abstract: payload });
  return paper?.slug;
}

/** Calls of `__xss(n)` and dialogs, from now on, on this page and every page it navigates to. */
async function watch(page: Page): Promise<string[]> {
  const executions: string[] = [];
  await page.exposeFunction('__xss', (n: number) => executions.push(`__xss(${n}) on ${page.url()}`));
  page.on('dialog', (dialog) => {
    executions.push(`dialog "${dialog.message()}" on ${page.url()}`);
    void dialog.dismiss();
  });
  return executions;
}

test.describe('the XSS corpus in the browser', () => {
  test.beforeAll(async ({ vita }) => {
    api = await ownerApi(vita);
    for (const section of ['hero', 'about', 'contact']) {
      sectionsBefore[section] = ((await (await api.get(`/api/homepage/${section}`)).json()) as { content: unknown }).content;
    }
    await api.put('/api/settings', { data: { analytics_script_url: '', analytics_own_origin: '', show_students_publicly: true } });
  });

  test.afterAll(async () => {
    for (const table of TABLES) {
      const rows = (await (await api.get(`/api/admin/${table}`)).json()) as { id: string }[];
      for (const row of rows) await api.delete(`/api/${table}/${row.id}`);
    }
    await api.put('/api/settings', { data: { analytics_script_url: '', analytics_own_origin: '', show_students_publicly: false } });
    // Back to what they were: a PUT of an empty body is refused (issue 32).
    for (const [section, content] of Object.entries(sectionsBefore)) await api.put(`/api/homepage/${section}`, { data: content });
  });

  test('no payload runs on a public page, a paper page or an admin edit screen', async ({ page }) => {
    test.setTimeout(300_000);
    const papers: string[] = [];
    for (const [i, payload] of PAYLOADS.entries()) {
      const slug = await seed(i, payload);
      if (slug) papers.push(`/publications/${slug}`);
    }
    const all = PAYLOADS.join('\n');
    // Page texts take every payload at once (a field that refuses one keeps its default).
    for (const [section, fields] of [
      ['hero', ['name', 'title', 'institution', 'bio', 'website_url']],
      ['about', ['bio', 'background', 'awards']],
      ['contact', ['subtitle', 'office_address', 'additional_info']],
    ] as const) {
      for (const field of fields) {
        const response = await api.put(`/api/homepage/${section}`, { data: { [field]: all } });
        expect([200, 422], `${section}.${field}`).toContain(response.status());
      }
    }

    const executions = await watch(page);
    // The hook works: a script on the page that calls it is seen.
    await page.goto('/');
    await page.evaluate(() => (window as unknown as { __xss: (n: number) => Promise<void> }).__xss(0));
    expect(executions).toEqual([`__xss(0) on ${page.url()}`]);
    executions.length = 0;
    for (const path of [...PUBLIC_PATHS, ...papers]) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    }
    expect(executions).toEqual([]);

    await signInTo(page, '/admin/homepage');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    for (const path of ['/admin/about', '/admin/contact', ...TABLES.map((table) => `/admin/${table}`)]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    // The edit forms (a dialog or inline) show the stored rich text in the editor.
    for (const [name, path] of [
      ['XSS news 0', '/admin/news'],
      ['XSS news 1', '/admin/news'],
      ['XSS area 2', '/admin/research-areas'],
      ['XSS call 4', '/admin/open-calls'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name: `Edit ${name}`, exact: true }).click({ timeout: 15_000 });
      await expect(page.getByRole('heading', { name: /^Edit / })).toBeVisible();
    }
    expect(executions).toEqual([]);
  });
});

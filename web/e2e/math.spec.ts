/**
 * Issue 27, item 1, in Chromium against the real binary: TeX in a paper's title, venue and
 * abstract is drawn as math from the server's MathML (a subscript sits below its base, a
 * displayed formula is a block), the TeX stays as the annotation and is not shown, a dollar
 * amount in prose stays prose, the document title has the Unicode form, no math script is
 * loaded, and axe finds nothing in light and dark.
 *
 * The file runs its own server.
 */
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext } from '@playwright/test';
import { expect, ownerApi, startVita, test } from './server';

type Started = Awaited<ReturnType<typeof startVita>>;
let vita: Started;
let api: APIRequestContext;

const PAPER = {
  title: 'Cepheid Standards and Physics beyond $\\Lambda$CDM: $H_0$ at 1%',
  slug: 'cepheids-lambda-cdm',
  authors: ['Adam G. Riess', 'Stefano Casertano'],
  kind: 'journal-article',
  venue: 'The Astrophysical Journal',
  year: 2019,
  abstract:
    'We find $H_0 = 74.03 \\pm 1.42$ km s$^{-1}$ Mpc$^{-1}$, a $4.4\\sigma$ tension with $\\Lambda$CDM, where $$\\Omega_m h^2 = \\frac{\\omega_m}{1}.$$ It cost $4.2 billion and $5 more.',
  status: 'published',
};

/** Rich text, stored sanitised, converted when the page is rendered. */
const AREA = {
  title: 'Cosmology with $\\sigma_8$',
  content: '<p>The energy $E = mc^2$ and, displayed, $$\\int_0^1 x^2\\,dx = \\frac{1}{3}$$</p><pre><code>$not math$</code></pre>',
};

/** A talk's title holds math too (issue 41: /talks showed it as TeX). */
const TALK = {
  title: 'Bounds on $\\alpha_s$ from jets',
  event_name: 'Moriond QCD',
  date: '2024-03-30',
  type: 'conference',
  abstract: 'Fits reach $\\mathcal{O}(10^{-3})$ precision.',
  status: 'published',
};

test.beforeAll(async () => {
  test.setTimeout(90_000);
  vita = await startVita();
  api = await ownerApi(vita.server);
  const created = await api.post('/api/publications', { data: { ...PAPER, tag_ids: [] } });
  expect(created.status(), await created.text()).toBe(201);
  const area = await api.post('/api/research-areas', { data: AREA });
  expect(area.status(), await area.text()).toBe(201);
  const talk = await api.post('/api/talks', { data: { ...TALK, tag_ids: [] } });
  expect(talk.status(), await talk.text()).toBe(201);
});

test.afterAll(async () => {
  await api?.dispose();
  await vita?.stop();
});

const paperUrl = () => `${vita.server.url}/publications/${PAPER.slug}`;

test('the title and abstract show math, drawn from MathML, with the TeX only as the annotation', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto(paperUrl());
  const title = page.getByRole('heading', { level: 1 });
  await expect(title.locator('math')).toHaveCount(2);
  await expect(title).not.toContainText('$');
  await expect(title).toContainText('Λ');
  await expect(title.locator('annotation').first()).toHaveText('\\Lambda');
  // Drawn as math: H's subscript 0 sits lower than the H, and is smaller.
  const base = await title.locator('msub > mi').first().boundingBox();
  const script = await title.locator('msub > mn').first().boundingBox();
  expect(base && script).toBeTruthy();
  if (base && script) {
    expect(script.y + script.height).toBeGreaterThan(base.y + base.height);
    expect(script.height).toBeLessThan(base.height);
  }
  // The abstract's displayed formula is a block of its own; the dollar amount stays prose.
  const abstract = page.locator('section[aria-labelledby="abstract-title"]');
  await expect(abstract.locator('math[display="block"]')).toHaveCount(1);
  await expect(abstract.locator('math[display="block"] mfrac')).toBeVisible();
  await expect(abstract).toContainText('It cost $4.2 billion and $5 more.');
  await expect(page).toHaveTitle(/^Cepheid Standards and Physics beyond ΛCDM: H₀ at 1% — /);
  expect(scripts.filter((url) => /katex|mathjax|temml|math/i.test(url))).toEqual([]);
});

test('the list shows the title as math too', async ({ page }) => {
  await page.goto(`${vita.server.url}/publications`);
  const link = page.getByRole('link', { name: /Cepheid Standards/ });
  await expect(link.locator('math')).toHaveCount(2);
  await expect(link).not.toContainText('$');
});

test("a talk's title and abstract show math on /talks", async ({ page }) => {
  await page.goto(`${vita.server.url}/talks`);
  const talk = page.locator('article', { hasText: 'Moriond QCD' });
  await expect(talk.getByRole('heading', { level: 2 }).locator('math')).toHaveCount(1);
  await expect(talk.getByRole('heading', { level: 2 })).not.toContainText('$');
  await expect(talk.locator('p math')).toHaveCount(1);
});

test('rich text and titles of research areas show math; code stays code', async ({ page }) => {
  await page.goto(`${vita.server.url}/research`);
  const area = page.locator('article', { hasText: 'Cosmology with' });
  await expect(area.getByRole('heading', { level: 2 }).locator('math')).toHaveCount(1);
  await expect(area.locator('p math[display="inline"]')).toHaveCount(1);
  await expect(area.locator('math[display="block"] mfrac')).toBeVisible();
  await expect(area.locator('pre code')).toHaveText('$not math$');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`${scheme}: no axe violations with math on the paper page, the list and the research page`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const failures: string[] = [];
    for (const url of [paperUrl(), `${vita.server.url}/publications`, `${vita.server.url}/research`]) {
      await page.goto(url);
      await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
      const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
      for (const violation of results.violations) {
        failures.push(`${url}: ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
      }
    }
    expect(failures).toEqual([]);
  });
}

/**
 * The paper pages, /publications/<slug>, against the real binary: every
 * paper's <head> parsed with html-metadata (Wikimedia's parser, the one behind
 * Wikipedia's citation tool) field by field against the stored record,
 * citation tags in <head> only and never on list pages, the JSON-LD, COinS on
 * /publications, drafts answering 404, and in the browser: open a paper from
 * the list, copy and download its BibTeX, download its PDF, axe in light and
 * dark.
 *
 * The file runs its own server, so it neither depends on nor disturbs what
 * other files put in the shared one.
 */
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, ownerApi, startVita, test } from './server';

type Highwire = Record<string, string | string[]>;
type Metadata = { highwirePress?: Highwire; jsonLd?: Record<string, unknown>; openGraph?: Record<string, string>; general?: Record<string, string> };
type COinS = Array<{ rft?: Record<string, string | string[]>; rft_val_fmt?: string }>;
const require = createRequire(import.meta.url);
const htmlMetadata = require('html-metadata') as {
  loadFromString(html: string): Promise<Metadata>;
};

type Started = Awaited<ReturnType<typeof startVita>>;
type Paper = {
  title: string;
  slug: string;
  authors: string[];
  kind: string;
  venue: string;
  year: number;
  month?: number | null;
  abstract?: string | null;
  doi?: string | null;
  pages?: string | null;
  volume?: string | null;
  issue?: string | null;
  publisher?: string | null;
  pdf_url?: string | null;
  pdf_file?: string | null;
  status?: 'published' | 'draft';
  featured?: boolean;
};

const OWNER_NAME = 'Dr. Zoë Ångström';

const PAPERS: Paper[] = [
  {
    title: 'Masking RISC-V Processors against Power Analysis',
    slug: 'masking-risc-v',
    authors: ['Zoë Ångström', 'Çetin Kaya Koç', 'Søren Kierkegård'],
    kind: 'journal-article',
    venue: 'IEEE Transactions on Computers',
    year: 2024,
    month: 3,
    abstract: 'We mask processors against power analysis, and prove it.',
    doi: '10.1109/TC.2024.42',
    pages: '101–115',
    volume: '73',
    issue: '4',
    featured: true,
  },
  {
    title: 'Fault Attacks on Secure Boot',
    slug: 'fault-attacks-secure-boot',
    authors: ['Çetin Kaya Koç', 'Zoë Ångström'],
    kind: 'conference-paper',
    venue: 'Design, Automation and Test in Europe (DATE)',
    year: 2023,
    pages: '12-17',
  },
  {
    title: 'Learning-Based Verification of Hardware',
    slug: 'learning-based-verification',
    authors: ['Zoë Ångström'],
    kind: 'thesis',
    venue: 'KTH Royal Institute of Technology',
    year: 2019,
    month: 11,
    abstract: 'A doctoral thesis.',
  },
  {
    title: 'Side Channels in Practice',
    slug: 'side-channels-in-practice',
    authors: ['Zoë Ångström', 'Jürgen Müller'],
    kind: 'report',
    venue: 'RISE Research Institutes of Sweden',
    year: 2021,
  },
  {
    title: 'Hardware Security: A Textbook',
    slug: 'hardware-security-textbook',
    authors: ['Zoë Ångström', 'Çetin Kaya Koç'],
    kind: 'book',
    venue: 'Lecture Notes',
    publisher: 'Springer',
    year: 2022,
  },
  {
    title: 'Breaking </script><script>alert(1)</script> Out & "Quoted"',
    slug: 'breaking-out',
    authors: ['Ann O’Neil'],
    kind: 'preprint',
    venue: 'arXiv',
    year: 2025,
    month: 1,
  },
];
const DRAFT: Paper = { title: 'Secret Draft Paper', slug: 'secret-draft', authors: ['Zoë Ångström'], kind: 'journal-article', venue: 'Nowhere', year: 2025, status: 'draft' };
/** The venue tag of each kind (exactly one per page). */
const VENUE_TAG: Record<string, string> = {
  'journal-article': 'journal_title',
  preprint: 'journal_title',
  'conference-paper': 'conference_title',
  'book-chapter': 'book_title',
  thesis: 'dissertation_institution',
  report: 'technical_report_institution',
  book: 'publisher',
  other: 'publisher',
};
const VENUE_TAGS = [...new Set(Object.values(VENUE_TAG))];
/** A minimal valid PDF, uploaded as the first paper's full text. */
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

let vita: Started;
let api: APIRequestContext;
let base: string;

const url = (path: string) => `${base}${path}`;
const list = (value: string | string[] | undefined) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

async function html(path: string): Promise<string> {
  const response = await fetch(url(path));
  expect(response.status, path).toBe(200);
  return response.text();
}

test.beforeAll(async () => {
  test.setTimeout(90_000);
  vita = await startVita();
  base = vita.server.url;
  api = await ownerApi(vita.server);
  const hero = await api.put('/api/homepage/hero', { data: { name: OWNER_NAME } });
  expect(hero.ok(), await hero.text()).toBe(true);
  const upload = await api.post('/api/uploads/paper-pdfs?filename=masking.pdf', { data: PDF, headers: { 'Content-Type': 'application/pdf' } });
  expect(upload.status(), await upload.text()).toBe(201);
  const pdfName = ((await upload.json()) as { name: string }).name;
  (PAPERS[0] as Paper).pdf_file = pdfName;
  for (const paper of [...PAPERS, DRAFT]) {
    const created = await api.post('/api/publications', { data: paper });
    expect(created.status(), await created.text()).toBe(201);
  }
});

test.afterAll(async () => {
  await api?.dispose();
  await vita?.stop();
});

test.describe('scholarly metadata (html-metadata)', () => {
  for (const paper of PAPERS) {
    test(`${paper.kind} "${paper.slug}": every citation field equals the stored record`, async () => {
      const page = await html(`/publications/${paper.slug}`);
      const meta = await htmlMetadata.loadFromString(page);
      const highwire = meta.highwirePress ?? {};
      expect(highwire.title).toBe(paper.title);
      expect(list(highwire.author)).toEqual(paper.authors);
      const date = paper.month ? `${paper.year}/${String(paper.month).padStart(2, '0')}` : String(paper.year);
      expect(highwire.publication_date).toBe(date);
      const venues = VENUE_TAGS.filter((tag) => highwire[tag] !== undefined);
      expect(venues).toEqual([VENUE_TAG[paper.kind]]);
      expect(highwire[VENUE_TAG[paper.kind] as string]).toBe(paper.kind === 'book' ? paper.publisher : paper.venue);
      expect(highwire.volume).toBe(paper.volume ?? undefined);
      expect(highwire.issue).toBe(paper.issue ?? undefined);
      const [first, last] = paper.pages ? paper.pages.split(/[-–]/) : [];
      expect(highwire.firstpage).toBe(first);
      expect(highwire.lastpage).toBe(last);
      // Stored bare and lower case, however it was typed (issue 40, item 6).
      expect(highwire.doi).toBe(paper.doi?.toLowerCase());
      expect(highwire.abstract_html_url).toBe(url(`/publications/${paper.slug}`));
      expect(highwire.pdf_url).toBe(paper.pdf_file ? url(`/publications/${paper.slug}/${paper.slug}.pdf`) : undefined);

      // Each tag once (authors aside), no empty ones.
      for (const [name, value] of Object.entries(highwire)) {
        if (name !== 'author') expect(Array.isArray(value), name).toBe(false);
        for (const v of list(value)) expect(v.trim(), name).not.toBe('');
      }

      // JSON-LD: parses (the `</script>` title included) and agrees with the tags.
      const ld = meta.jsonLd as { '@type': string; headline: string; author: Array<{ name: string }>; datePublished: string; url: string };
      expect(ld['@type']).toBe('ScholarlyArticle');
      expect(ld.headline).toBe(paper.title);
      expect(ld.author.map((a) => a.name)).toEqual(paper.authors);
      expect(ld.datePublished).toBe(date.replace('/', '-'));
      expect(ld.url).toBe(url(`/publications/${paper.slug}`));

      expect(meta.openGraph?.type).toBe('article');
      expect(meta.openGraph?.title).toBe(paper.title);
      expect(meta.openGraph?.url).toBe(url(`/publications/${paper.slug}`));
      expect(meta.general?.canonical).toBe(url(`/publications/${paper.slug}`));
      if (paper.abstract) expect(page.split('</head>')[1]).toContain(paper.abstract);
    });
  }

  test('the </script> title stays inside its JSON-LD block', async () => {
    const page = await html('/publications/breaking-out');
    const head = page.split('</head>')[0] ?? '';
    const block = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(head)?.[1] ?? '';
    expect(block).not.toContain('<');
    expect((JSON.parse(block) as { headline: string }).headline).toBe(PAPERS[5]?.title);
    expect(page).not.toContain('<script>alert(1)');
  });

  test('citation tags sit in <head> only, and never on list pages (a real DOM)', async ({ page }) => {
    for (const paper of PAPERS) {
      await page.goto(url(`/publications/${paper.slug}`));
      expect(await page.locator('head meta[name^="citation_"]').count(), paper.slug).toBeGreaterThan(3);
      expect(await page.locator('body meta[name^="citation_"]').count(), paper.slug).toBe(0);
      expect(await page.locator('head script[type="application/ld+json"]').count()).toBe(1);
      expect(await page.locator('body script[type="application/ld+json"]').count()).toBe(0);
    }
    for (const path of ['/', '/publications']) {
      await page.goto(url(path));
      expect(await page.locator('meta[name^="citation_"]').count(), path).toBe(0);
      // The home page describes its owner (a Person), never a paper.
      const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
      expect(blocks.map((block) => (JSON.parse(block) as { '@type': string })['@type']), path).toEqual(path === '/' ? ['Person'] : []);
    }
  });

  test('/publications has one COinS per published paper; paper pages have none', async () => {
    const coins = (await htmlMetadata.loadFromString(await html('/publications'))) as unknown as { coins?: COinS };
    const items = coins.coins ?? [];
    expect(items).toHaveLength(PAPERS.length);
    const byTitle = new Map(items.map((item) => [String(item.rft?.atitle ?? item.rft?.btitle ?? item.rft?.title), item]));
    for (const paper of PAPERS) {
      const item = byTitle.get(paper.title);
      expect(item, paper.title).toBeDefined();
      expect(item?.rft?.au).toEqual(paper.authors);
      expect(String(item?.rft?.date)).toMatch(new RegExp(`^${paper.year}`));
    }
    expect(byTitle.get(PAPERS[0]?.title ?? '')?.rft).toMatchObject({ jtitle: 'IEEE Transactions on Computers', volume: '73', issue: '4', spage: '101', epage: '115' });
    expect(await html('/publications/masking-risc-v')).not.toContain('Z3988');
  });

  test('drafts and unknown slugs answer 404 on the page, the .bib and the .json', async () => {
    for (const path of ['/publications/secret-draft', '/publications/secret-draft.bib', '/publications/secret-draft.json', '/publications/no-such-paper']) {
      const response = await fetch(url(path));
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).not.toContain('Secret Draft Paper');
    }
    expect(await html('/publications')).not.toContain('Secret Draft Paper');
  });

  test('the uploaded PDF answers 200 application/pdf under the paper, no redirect', async () => {
    const response = await fetch(url('/publications/masking-risc-v/masking-risc-v.pdf'), { redirect: 'manual' });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await response.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });
});

test.describe('in the browser', () => {
  test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

  async function openFromList(page: Page) {
    await page.goto(url('/publications'));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    await page.locator('main').getByRole('link', { name: 'Masking RISC-V Processors against Power Analysis' }).click();
    await expect(page).toHaveURL(url('/publications/masking-risc-v'));
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
  }

  test('open a paper from /publications, copy and download its BibTeX, download its PDF', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await openFromList(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Masking RISC-V Processors against Power Analysis');
    await expect(page.locator('ul[aria-label="Authors"] strong')).toHaveText('Zoë Ångström'); // the owner, from the hero
    await expect(page.locator('main')).toContainText('We mask processors against power analysis, and prove it.');

    const bibtex = (await page.locator('#cite-bibtex').textContent()) ?? '';
    expect(bibtex).toMatch(/^@article\{/);
    await page.getByRole('button', { name: 'Copy BibTeX' }).click();
    await expect(page.getByRole('button', { name: 'Copied BibTeX' })).toBeVisible();
    await expect(page.locator('#copy-status')).toHaveText('BibTeX copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(bibtex);
    await expect(page.getByRole('button', { name: 'Copy BibTeX' })).toBeVisible({ timeout: 4_000 }); // back to "Copy"

    await page.getByRole('button', { name: 'Copy IEEE reference' }).click();
    await expect(page.locator('#copy-status')).toHaveText('IEEE reference copied to the clipboard.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await page.locator('#cite-ieee').textContent());

    const [bib] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download BibTeX' }).click()]);
    expect(bib.suggestedFilename()).toBe('masking-risc-v.bib');
    const { readFileSync } = await import('node:fs');
    expect(readFileSync((await bib.path()) as string, 'utf8').trim()).toBe(bibtex.trim());

    const pdfLink = page.locator('main header').getByRole('link', { name: 'PDF' });
    await expect(pdfLink).toHaveAttribute('href', '/publications/masking-risc-v/masking-risc-v.pdf');
    const pdf = await page.request.get(url((await pdfLink.getAttribute('href')) as string), { maxRedirects: 0 });
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

    expect(errors).toEqual([]); // the CSP blocks nothing (the JSON-LD is data, not a script)
  });

  test('a home card links the paper page', async ({ page }) => {
    await page.goto(url('/'));
    const card = page.locator('section[aria-labelledby="featured-publications-title"] article').first();
    await expect(card.getByRole('link', { name: 'Masking RISC-V Processors against Power Analysis' })).toHaveAttribute('href', '/publications/masking-risc-v');
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`${scheme}: no axe violations on paper pages`, async ({ page }) => {
      await page.emulateMedia({ colorScheme: scheme });
      const failures: string[] = [];
      for (const slug of ['masking-risc-v', 'breaking-out']) {
        await page.goto(url(`/publications/${slug}`));
        await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
        const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
        for (const violation of results.violations) {
          failures.push(`${slug}: ${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(' | ')}`);
        }
      }
      expect(failures).toEqual([]);
    });
  }
});

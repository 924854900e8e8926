/**
 * Issue 41, item 13: a reference holding a long URL (a real al-folio file has
 * `http://www.springerlink.com/content/e8736480p20271l3/`) and a word longer
 * than a phone's screen break on every public page at 390 px: no page scrolls
 * sideways, so the menu and theme buttons stay on screen.
 */
import { cleanTables } from './admin';
import { expect, test } from './server';

const LONG_URL = 'http://www.springerlink.com/content/e8736480p20271l3/';
const LONG_WORD = 'Pneumonoultramicroscopicsilicovolcanoconiosis-and-supercalifragilisticexpialidocious';
const PAGES = [
  '/',
  '/about',
  '/research',
  '/publications',
  '/publications/long-words',
  '/projects',
  '/teaching',
  '/talks',
  '/news',
  '/cv',
  '/tags/long-words',
  '/open-calls',
  '/contact',
];

const { seed } = cleanTables(['publications', 'news', 'talks', 'tags'] as const);

test.beforeEach(async () => {
  const tag = await seed('tags', { name: 'Long words', slug: 'long-words' });
  await seed('publications', {
    title: `On ${LONG_WORD}`,
    slug: 'long-words',
    authors: ['Alex Lindberg'],
    venue: `Published at ${LONG_URL}`,
    year: 2011,
    kind: 'journal-article',
    url: LONG_URL,
    abstract: `See ${LONG_URL}${LONG_WORD}`,
    tag_ids: [tag.id],
  });
  await seed('news', { title: `News of ${LONG_WORD}`, date: '2024-01-01', content: `<p>${LONG_URL}${LONG_WORD}</p>`, tag_ids: [tag.id] });
  await seed('talks', { title: `Talk on ${LONG_WORD}`, event_name: LONG_URL, date: '2024-03-01', tag_ids: [tag.id] });
});

test.use({ viewport: { width: 390, height: 844 } });

for (const path of PAGES) {
  test(`${path} has no horizontal scroll at 390 px with a long URL present`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('data-hydrated', 'true');
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll, `${path} is ${widths.scroll} px wide`).toBeLessThanOrEqual(widths.client);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeInViewport();
  });
}

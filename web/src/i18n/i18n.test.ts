// @vitest-environment happy-dom
/**
 * The catalogues (issue 45): every shipped language has every key, non-empty
 * and with English's placeholders; every key the code looks up exists; the
 * browser gets the words of the frame; and a German page has no English
 * interface label left.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { RenderInput } from '../api/types';
import { NAV_LINKS } from '../public/navigation';
import { render } from '../ssr/render';
import { fullHomeData, pageInput, publication, sideChannels } from '../testing/fixtures';
import de from './de.json';
import en from './en.json';
import { dateText, shortMonthYearText } from './format';
import { BROWSER_PREFIXES, browserMessages, catalogue, LANGUAGES, resolveLanguage, t, translatorFor } from './index';
import { interpolate, type MessageKey } from './messages';

/** web/src (the tests run in web/). */
const SRC = join(process.cwd(), 'src');
const keys = Object.keys(en) as MessageKey[];
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('the catalogues', () => {
  it.each(LANGUAGES)('%s has every key of English, each non-empty, and no other', (lang) => {
    // Read from the files, not through `catalogue`: a missing key must not be hidden by a fallback.
    const file = JSON.parse(readFileSync(join(SRC, 'i18n', `${lang}.json`), 'utf8')) as Record<string, string>;
    const missing = keys.filter((key) => typeof file[key] !== 'string' || file[key].trim() === '');
    const unknown = Object.keys(file).filter((key) => !(key in en));
    expect({ missing, unknown }).toEqual({ missing: [], unknown: [] });
  });

  it.each(LANGUAGES)('%s fills the same placeholders as English', (lang) => {
    const messages = catalogue(lang);
    const different = keys.filter((key) => placeholders(messages[key]).join() !== placeholders(en[key]).join());
    expect(different).toEqual([]);
  });
});

/** The source files of the public pages and the server render (the admin stays English). */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'admin' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('the keys the code looks up', () => {
  const files = sources(SRC).map((path) => ({ path, code: readFileSync(path, 'utf8') }));

  it('are all in the English catalogue', () => {
    const used = new Set<string>();
    const prefixes = new Set<string>();
    for (const { code } of files) {
      // t('key'), t(lang, 'key') and t(`key`); a key built from a value (t(`kind.${kind}`)) by its prefix.
      for (const match of code.matchAll(/\bt\((?:\s*[\w.]+,)?\s*(['`])([^'`$]+)(\$\{)?/g)) {
        const [, , key, built] = match;
        if (key) (built ? prefixes : used).add(key);
      }
    }
    expect(used.size).toBeGreaterThan(150);
    expect([...used].filter((key) => !(key in en))).toEqual([]);
    expect([...prefixes].filter((prefix) => !keys.some((key) => key.startsWith(prefix)))).toEqual([]);
  });

  it('in the frame and the Copy buttons are among those the browser gets', () => {
    const browser = [
      'public/components/SiteLayout.tsx',
      'public/components/SiteHeader.tsx',
      'public/components/SiteFooter.tsx',
      'public/copy.ts',
    ];
    for (const file of browser) {
      const code = readFileSync(join(SRC, file), 'utf8');
      const used = [...code.matchAll(/\bt\(\s*'([^']+)'/g)].map((match) => match[1] ?? '');
      expect(used.length, file).toBeGreaterThan(0);
      expect(
        used.filter((key) => !BROWSER_PREFIXES.some((prefix) => key.startsWith(prefix))),
        file,
      ).toEqual([]);
    }
    const sent = browserMessages('de');
    expect(sent['frame.skip_to_content']).toBe('Zum Hauptinhalt springen');
    expect(sent['copy.copied']).toBe('Kopiert');
    expect(Object.keys(sent)).not.toContain('news.empty');
  });
});

describe('t', () => {
  it('finds the language of a tag: itself, its language without region or script, any Chinese as zh-Hans, else English', () => {
    expect(
      ['en', 'en-GB', 'de', 'de-AT', 'DE-ch', 'zh-Hans', 'zh', 'zh-Hant', 'zh-TW', 'zh-Hans-CN', 'fr', 'sv-SE', ''].map(resolveLanguage),
    ).toEqual(['en', 'en', 'de', 'de', 'de', 'zh-Hans', 'zh-Hans', 'zh-Hans', 'zh-Hans', 'zh-Hans', 'en', 'en', 'en']);
  });

  it('fills placeholders and leaves unknown ones as written', () => {
    expect(t('de', 'pagination.page_of', { page: 2, pages: 5 })).toBe('Seite 2 von 5');
    expect(t('zh-Hant', 'pagination.page_of', { page: 2, pages: 5 })).toBe('第 2 页，共 5 页');
    expect(interpolate('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });

  it('writes dates and numbers in the language', () => {
    const [english, german, chinese] = ['en', 'de', 'zh-Hans'].map(translatorFor);
    if (!english || !german || !chinese) throw new Error('no translator');
    expect([english, german, chinese].map((tr) => dateText(tr, '2025-01-05'))).toEqual([
      'January 5, 2025',
      '5. Januar 2025',
      '2025年1月5日',
    ]);
    expect([english, german, chinese].map((tr) => shortMonthYearText(tr, '2025-09-30'))).toEqual(['Sep 2025', 'Sept. 2025', '2025年9月']);
    expect(dateText(german, 'not a date')).toBe('not a date');
  });
});

/** What a visitor reads or hears on a page: its text, its title and description, and the labels of its controls. */
function readable({ head, body }: { head: string; body: string }): string {
  const root = document.createElement('div');
  root.innerHTML = head + body;
  const texts: string[] = [];
  const collect = (node: Node) => {
    if (node.nodeType === Node.TEXT_NODE) texts.push(node.textContent ?? '');
    for (const child of node.childNodes) collect(child);
  };
  collect(root);
  const attributes = [...root.querySelectorAll('[aria-label], [placeholder], [title], meta[name="description"]')].flatMap((element) =>
    ['aria-label', 'placeholder', 'title', 'content'].map((name) => element.getAttribute(name) ?? ''),
  );
  return [...texts, ...attributes].join('\n');
}

/** The English interface's words, as the pieces between placeholders; a piece that is German too ('Blog', 'Details') is not English only. */
const ENGLISH_ONLY = (() => {
  const german = Object.values(de).join('\n');
  const pieces = keys.flatMap((key) =>
    en[key].split(/\{\w+\}/).map((piece) =>
      piece
        .trim()
        .replace(/^[,.:;()·–—]+|[,.:;()·–—]+$/g, '')
        .trim(),
    ),
  );
  return [...new Set(pieces)].filter((piece) => /[A-Za-z]{2}/.test(piece) && !german.includes(piece));
})();

/** The English labels in a page's text, but for words the page's own data holds (the owner's texts are not the interface's). */
function englishLeft(text: string, input: RenderInput): string[] {
  const literal = (piece: string) => piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const words = (piece: string) => new RegExp(`(?<![A-Za-z])${literal(piece)}(?![A-Za-z])`);
  const data = JSON.stringify(input.page);
  return ENGLISH_ONLY.filter((piece) => words(piece).test(text) && !words(piece).test(data));
}

/** The page in German, with the menu the server makes in German (src/render/menu.rs). */
function german(input: RenderInput): RenderInput {
  const menu = NAV_LINKS.map((link) => ({
    ...link,
    label: t('de', `menu.${link.href.slice(1).replace('-', '_') || 'home'}` as MessageKey),
  }));
  return { ...input, site: { ...input.site, lang: 'de', menu } };
}

const home = pageInput('/', { page: 'home', data: fullHomeData({ cv_link: '/cv.pdf' }) });
const filtered = pageInput('/publications', {
  page: 'publications',
  data: {
    publications: fullHomeData().featured_publications.map((paper) => ({ ...paper, featured: true, volume: '3', pages: '1-9' })),
    scholar_url: 'https://scholar.example.com/jane',
    pagination: { page: 2, pages: 3 },
    citations: { total: 1234, papers: {} },
    filters: { kind: 'journal-article', year: 2024, tag: 'side-channels', q: 'masking' },
    tags: [{ ...sideChannels(), name: 'Seitenkanäle' }],
    years: [2024],
  },
});
const paper = (() => {
  const p = publication({ month: 3, publisher: 'ACM', volume: '7', issue: '2', pages: '1-9', doi: '10.1/x', url: 'https://acm.example/p' });
  return pageInput(`/publications/${p.slug}`, {
    page: 'paper',
    data: {
      publication: p,
      citations: { ieee: 'J. Doe, „Masking“, 2024.', apa: 'Doe, J. (2024). Masking.' },
      bibtex: '@article{x}',
      pdf_href: '/files/x.pdf',
      cited_by: { count: 12, source: 'OpenAlex', counted_on: '2026-11-25' },
      readership: { views: 1234, downloads: 1, since: '2026-12-01' },
    },
  });
})();
const cv = pageInput('/cv', {
  page: 'cv',
  data: {
    pdf_url: '/cv.pdf',
    document: {
      sections: [
        {
          id: 'publications',
          // The server's words, in the page's language (src/render/cv.rs).
          title: 'Publikationen',
          parts: [
            {
              kind: 'references',
              heading: 'Zeitschriftenartikel',
              numbered: true,
              references: [{ id: '00000000-0000-4000-8000-000000000001', slug: 'work', title: 'Werk', html: 'J. Doe, „Werk“, 2024.' }],
            },
          ],
        },
      ],
    },
  },
});

describe('a German page', () => {
  it.each([
    [
      '/',
      home,
      [
        'Startseite',
        'Forschungsgebiete',
        'Hervorgehobene Publikationen',
        'Alle Publikationen ansehen',
        'Aktuelles',
        'Lebenslauf herunterladen',
        'Zum Hauptinhalt springen',
        'Alle Rechte vorbehalten',
      ],
    ],
    [
      '/publications',
      filtered,
      [
        'Ausgewählte Publikationen',
        'Gefiltert nach',
        'Art: Zeitschriftenartikel',
        'Insgesamt 1234-mal zitiert.',
        'Seite 2 von 3',
        'Bd. 3',
        'Alle Schlagwörter',
        'Hervorgehoben',
      ],
    ],
    [
      'a paper page',
      paper,
      [
        'Zusammenfassung',
        'Angaben',
        'Zitieren',
        'Kopieren',
        'März 2024',
        'Verlag',
        '12-mal zitiert',
        '1.234 Aufrufe · 1 PDF-Download seit Dezember 2026',
      ],
    ],
    ['/cv', cv, ['Lebenslauf', 'PDF herunterladen', 'Details']],
  ] as const)('%s has no English interface label, and German ones', (_, input, expected) => {
    const english = readable(render(input));
    const text = readable(render(german(input)));
    // The page in English shows the labels this test looks for: it can fail.
    expect(englishLeft(english, input).length).toBeGreaterThan(5);
    expect(englishLeft(text, input)).toEqual([]);
    for (const words of expected) expect(text).toContain(words);
  });
});

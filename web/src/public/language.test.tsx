import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { LanguageVersion, PageData, SiteInfo } from '../api/types';
import { render } from '../ssr/render';
import { newsItem, pageInput, publication, SITE } from '../testing/fixtures';
import { inEnglish, inLanguage } from '../testing/i18n';
import { LanguageSwitcher } from './components/LanguageSwitcher';
import { localized } from './language';
import { hreflangLinks, pageMeta } from './meta';
import { isCurrentRoute } from './navigation';

/** /news in English and German, German a real translation or not. */
function versions(path: string, germanTranslated: boolean): LanguageVersion[] {
  return [
    { lang: 'en', name: 'English', prefix: '', path, translated: true },
    { lang: 'de', name: 'Deutsch', prefix: '/de', path: localized('/de', path), translated: germanTranslated },
  ];
}

function german(path: string, translated: boolean): Partial<SiteInfo> {
  return { lang: 'de', languages: versions(path, translated) };
}

const NEWS: PageData = { page: 'news', data: { items: [newsItem()], pagination: { page: 1, pages: 1 } } };

describe('a page in another language', () => {
  it('puts the addresses of the site under the language prefix, as src/languages.rs does', () => {
    expect(localized('/de', '/')).toBe('/de');
    expect(localized('/de', '/news?page=2')).toBe('/de/news?page=2');
    expect(localized('/de', '/research#x')).toBe('/de/research#x');
    expect(localized('', '/news')).toBe('/news');
    expect(localized('/de', 'https://lab.example.org/')).toBe('https://lab.example.org/');
    expect(isCurrentRoute('/de', '/de/news', '/de')).toBe(false);
    expect(isCurrentRoute('/de', '/de', '/de')).toBe(true);
    expect(isCurrentRoute('/de/news', '/de/news/', '/de')).toBe(true);
  });

  it('is canonical to the default language while it is wholly fallback, and names no hreflang', () => {
    const input = pageInput('/de/news', NEWS, german('/news', false));
    expect(pageMeta(input).canonicalUrl).toBe('https://jane.example.org/news');
    expect(hreflangLinks(input.site)).toEqual([]);
    const head = render(input).head;
    expect(head).toContain('<link rel="canonical" href="https://jane.example.org/news">');
    expect(head).not.toContain('hreflang');
  });

  it('is canonical to itself when translated, with reciprocal hreflang links and x-default', () => {
    const links = [
      '<link rel="alternate" hreflang="en" href="https://jane.example.org/news">',
      '<link rel="alternate" hreflang="de" href="https://jane.example.org/de/news">',
      '<link rel="alternate" hreflang="x-default" href="https://jane.example.org/news">',
    ];
    const germanPage = render(pageInput('/de/news', NEWS, german('/news', true))).head;
    expect(germanPage).toContain('<link rel="canonical" href="https://jane.example.org/de/news">');
    const englishPage = render(pageInput('/news', NEWS, { lang: 'en', languages: versions('/news', true) })).head;
    expect(englishPage).toContain('<link rel="canonical" href="https://jane.example.org/news">');
    for (const link of links) {
      expect(germanPage).toContain(link);
      expect(englishPage).toContain(link);
    }
  });

  it('keeps its menu, links and pagination in its language, with a switcher', () => {
    const paper = publication({ slug: 'masking' });
    const list: PageData = {
      page: 'publications',
      data: {
        publications: [paper],
        pagination: { page: 1, pages: 3 },
        scholar_url: '',
        filters: { kind: null, year: null, tag: null, q: null },
        tags: [],
        years: [],
        citations: null,
      },
    };
    const menu = SITE.menu.map((link) => ({ ...link, href: localized('/de', link.href) }));
    const { body } = render(pageInput('/de/publications', list, { ...german('/publications', false), menu }));
    expect(body).toContain('href="/de/publications/masking"');
    expect(body).toContain('href="/de/publications?page=2"');
    expect(body).toContain('href="/de/cv"');
    expect(body).toContain('href="/de/publications" aria-current="page"');
    expect(body).not.toContain('href="/de" aria-current="page"');
    expect(body).toContain('action="/de/publications"');
  });

  it('shows the switcher only with several languages, each language by its own name', () => {
    expect(renderToString(inEnglish(<LanguageSwitcher site={{ lang: 'en', languages: [] }} />))).toBe('');
    const html = renderToString(inLanguage('de', <LanguageSwitcher site={german('/news', false) as SiteInfo} />));
    expect(html).toContain('<a href="/news" lang="en" hrefLang="en"');
    expect(html).toContain('<a href="/de/news" lang="de" hrefLang="de" aria-current="true"');
    expect(html).toMatch(/>Deutsch<\/span>/);
    // Its name in the page's language, for screen readers.
    expect(html).toContain('aria-label="Sprache"');
  });
});

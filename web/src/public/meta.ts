/**
 * What goes in each public page's <head>: the title ('<Page> — <owner name>'),
 * the description, and whether the page is canonical (indexable) or not.
 * Add a case here for every new page kind; TypeScript flags a missing one.
 */
import type { Pagination, PublicPost, RenderInput } from '../api/types';
import { translatorFor } from '../i18n/index';
import type { Translate } from '../i18n/messages';
import { htmlText } from '../lib/html';
import { pageHref } from './components/Pagination';
import { currentVersion } from './language';
import { tagPageTitle } from './pages/TagPage';
import { plainMath } from './math';

export type PageMeta = {
  /** The full document title. */
  title: string;
  description: string;
  /** Absolute canonical URL, or null for pages that must not be indexed. */
  canonicalUrl: string | null;
  /** OpenGraph tags for link previews: every page that has a canonical address. */
  openGraph?: { type: 'article' | 'profile' | 'website'; title: string; siteName: string };
  /** The link preview's picture (absolute), when the page has its own (a post's cover); otherwise the site's card image. */
  image?: string;
};

const DESCRIPTION_MAX = 160;

/** Collapses whitespace and cuts at a word boundary to at most 160 characters. */
export function summarise(text: string, max = DESCRIPTION_MAX): string {
  // A description is text: its math in Unicode (./math.tsx).
  const clean = plainMath(text).replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

export function absoluteUrl(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

type PageKind = RenderInput['page']['page'];

/** Each page's name (`page.<kind>` in the catalogues): the <h1> of the list pages and the start of the document title. */
export function pageTitle(t: Translate, kind: Exclude<PageKind, 'not_found' | 'paper' | 'post' | 'tag'>): string {
  return t(`page.${kind}`);
}

/** What search engines are told of a page in one of several languages: a page
 *  shown wholly in the fallback language is canonical to the default
 *  language's page (and no `hreflang` names it, see `hreflangLinks`); a real
 *  translation is canonical to itself. */
export function pageMeta(input: RenderInput): PageMeta {
  const meta = pageMetaInLanguage(input);
  const current = currentVersion(input.site);
  const original = input.site.languages[0];
  if (meta.canonicalUrl === null || !current || current.translated || !original) return meta;
  return { ...meta, canonicalUrl: absoluteUrl(input.site.base_url, original.path) };
}

/** The `hreflang` links of a page: between its real translations (the default
 *  language's page and each translation, never a fallback page), with
 *  `x-default` the default language's, on each of them alike, so every pair is
 *  reciprocal; none for a page without a translation or shown in fallback. */
export function hreflangLinks(site: RenderInput['site']): Array<{ hreflang: string; href: string }> {
  const real = site.languages.filter((version) => version.translated);
  const current = currentVersion(site);
  if (real.length < 2 || !current?.translated) return [];
  const links = real.map((version) => ({ hreflang: version.lang, href: absoluteUrl(site.base_url, version.path) }));
  return [...links, { hreflang: 'x-default', href: absoluteUrl(site.base_url, real[0]?.path ?? '/') }];
}

function pageMetaInLanguage(input: RenderInput): PageMeta {
  const t = translatorFor(input.site.lang);
  const owner = input.site.owner_name;
  const canonicalUrl = absoluteUrl(input.site.base_url, input.path);
  const page = input.page;
  if (page.page === 'not_found') {
    return {
      title: `${t('page.not_found')} — ${owner}`,
      description: t('meta.not_found'),
      canonicalUrl: null,
    };
  }
  if (page.page === 'paper') {
    const paper = page.data.publication;
    // Text only: math in its Unicode form (`$H_0$` → H₀), see ./math.tsx.
    const title = plainMath(paper.title);
    // "Authors. Venue, 2024." — an imported paper may lack any of the three.
    const where = [paper.venue ? plainMath(paper.venue) : '', paper.year === null ? '' : String(paper.year)].filter(Boolean).join(', ');
    const fallback = `${[paper.authors.join(', '), where].filter(Boolean).join('. ')}.`;
    return {
      title: `${title} — ${owner}`,
      description: summarise(paper.abstract || fallback),
      canonicalUrl,
      openGraph: { type: 'article', title, siteName: owner },
    };
  }
  if (page.page === 'post') return postMeta(t, page.data, input.site.base_url, canonicalUrl, owner);
  if (page.page === 'tag') {
    const { tag, pagination } = page.data;
    // Page N is a page of its own, as on the lists: its own title and canonical address.
    const heading = tagPageTitle(t, page.data);
    const title = pagination.page > 1 ? t('page.numbered', { title: heading, page: pagination.page }) : heading;
    return {
      title: `${title} — ${owner}`,
      description: t('meta.tag', { owner, tag: tag.name }),
      canonicalUrl: absoluteUrl(input.site.base_url, pageHref(input.path, pagination.page)),
      openGraph: { type: 'website', title, siteName: owner },
    };
  }
  const description = summarise(describePage(t, page, owner));
  // Page N of a long list is a page of its own: its own canonical address and title.
  const pagination = listPagination(input.page);
  if (pagination && pagination.page > 1) {
    const title = t('page.numbered', { title: pageTitle(t, page.page), page: pagination.page });
    return {
      title: `${title} — ${owner}`,
      description,
      canonicalUrl: absoluteUrl(input.site.base_url, pageHref(input.path, pagination.page)),
      openGraph: { type: 'website', title, siteName: owner },
    };
  }
  // The home page is the owner's profile: its card shows their name.
  const openGraph =
    page.page === 'home'
      ? ({ type: 'profile', title: owner, siteName: owner } as const)
      : ({ type: 'website', title: pageTitle(t, page.page), siteName: owner } as const);
  return { title: `${pageTitle(t, page.page)} — ${owner}`, description, canonicalUrl, openGraph };
}

/** A post is an article: its title as text, its summary (or the start of its
 *  content) as the description, its cover as the preview's picture. */
function postMeta(t: Translate, post: PublicPost, baseUrl: string, canonicalUrl: string, owner: string): PageMeta {
  const title = plainMath(post.title);
  const description = summarise(post.summary || htmlText(post.content ?? '') || t('meta.post', { owner }));
  // A cover is an upload here (`/files/…`; a photo's largest size) or a URL elsewhere; a
  // preview needs an absolute address.
  const cover = post.cover?.largest ?? post.cover_image;
  const image = cover ? (cover.startsWith('/') ? absoluteUrl(baseUrl, cover) : cover) : undefined;
  return { title: `${title} — ${owner}`, description, canonicalUrl, openGraph: { type: 'article', title, siteName: owner }, image };
}

/** Which page of its list a list page shows; null for pages that are not lists. */
export function listPagination(page: RenderInput['page']): Pagination | null {
  return 'data' in page && 'pagination' in page.data ? page.data.pagination : null;
}

function describePage(
  t: Translate,
  page: Exclude<RenderInput['page'], { page: 'not_found' | 'paper' | 'post' | 'tag' }>,
  owner: string,
): string {
  switch (page.page) {
    case 'home': {
      const { hero } = page.data;
      const fallback = [hero.name || owner, [hero.title, hero.institution].filter(Boolean).join(', ')].filter(Boolean).join(' — ');
      return hero.bio || fallback;
    }
    case 'about':
      return page.data.content.bio || t('meta.about', { owner });
    case 'research': {
      const titles = page.data.areas.map((area) => area.title).join(', ');
      return titles ? t('meta.research_with_areas', { owner, areas: titles }) : t('meta.research', { owner });
    }
    case 'publications':
      return t('meta.publications', { owner });
    case 'projects':
      return t('meta.projects', { owner });
    case 'teaching':
      return t('meta.teaching', { owner });
    case 'students':
      return t('meta.students', { owner });
    case 'talks':
      return t('meta.talks', { owner });
    case 'blog':
      return t('meta.blog', { owner });
    case 'open_calls':
      return t('meta.open_calls', { owner });
    case 'contact':
      return page.data.content.subtitle || t('meta.contact', { owner });
    case 'news':
      return t('meta.news', { owner });
    case 'cv':
      return t('meta.cv', { owner });
    default: {
      const unhandled: never = page;
      return unhandled;
    }
  }
}

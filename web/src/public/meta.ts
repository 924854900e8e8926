/**
 * What goes in each public page's <head>: the title ('<Page> — <owner name>'),
 * the description, and whether the page is canonical (indexable) or not.
 * Add a case here for every new page kind; TypeScript flags a missing one.
 */
import type { RenderInput } from '../api/types';

export type PageMeta = {
  /** The full document title. */
  title: string;
  description: string;
  /** Absolute canonical URL, or null for pages that must not be indexed. */
  canonicalUrl: string | null;
};

const DESCRIPTION_MAX = 160;

/** Collapses whitespace and cuts at a word boundary to at most 160 characters. */
export function summarise(text: string, max = DESCRIPTION_MAX): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > max / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s.,;:!?-]+$/, '')}…`;
}

export function absoluteUrl(baseUrl: string, path: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
}

export function pageMeta(input: RenderInput): PageMeta {
  const owner = input.site.owner_name;
  const canonicalUrl = absoluteUrl(input.site.base_url, input.path);
  const page = input.page;
  switch (page.page) {
    case 'home': {
      const { hero } = page.data;
      const fallback = [hero.name || owner, [hero.title, hero.institution].filter(Boolean).join(', ')]
        .filter(Boolean)
        .join(' — ');
      return {
        title: `Home — ${owner}`,
        description: summarise(hero.bio || fallback),
        canonicalUrl,
      };
    }
    case 'not_found':
      return {
        title: `Page not found — ${owner}`,
        description: 'The page you are looking for does not exist.',
        canonicalUrl: null,
      };
    default: {
      const unhandled: never = page;
      return unhandled;
    }
  }
}

/**
 * The page's language in links (issue 45): every language but the site's
 * default has its pages under `/<tag>/…` (src/languages.rs), so a link from a
 * German page to another page of the site keeps `/de`. The server gives the
 * page's language and its versions in the others (`SiteInfo.languages`); the
 * frame (SiteLayout) and the content (PageContent) each provide the prefix,
 * and a component turns an address of the site into the page's language with
 * `useLocalized()`.
 */
import { createContext, useContext } from 'react';
import type { LanguageVersion, SiteInfo } from '../api/types';

/** The interface words of the language switcher, in one place for the message catalogues. */
const PathPrefix = createContext('');

/** Gives the components below the start of the addresses of the page's language. */
export const PathPrefixProvider = PathPrefix.Provider;

/** The page's own version among the site's languages. */
export function currentVersion(site: Pick<SiteInfo, 'lang' | 'languages'>): LanguageVersion | undefined {
  return site.languages.find((version) => version.lang === site.lang);
}

/** The start of the addresses of the page's language: '' for the default, '/de' for another. */
export function sitePrefix(site: Pick<SiteInfo, 'lang' | 'languages'>): string {
  return currentVersion(site)?.prefix ?? '';
}

/** `path`, an address of the site ('/news', '/news?page=2', '/research#x'), in
 *  the language whose addresses start with `prefix` (as `languages::localized`
 *  on the server): the home page of a language is its bare prefix ('/de'). */
export function localized(prefix: string, path: string): string {
  if (!prefix || !path.startsWith('/')) return path;
  if (path === '/' || path.startsWith('/?') || path.startsWith('/#')) return prefix + path.slice(1);
  return prefix + path;
}

/** The function that puts an address of the site in the page's language. */
export function useLocalized(): (path: string) => string {
  const prefix = useContext(PathPrefix);
  return (path) => localized(prefix, path);
}

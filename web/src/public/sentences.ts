/**
 * The fixed sentences of the public pages (src/content/sentences.rs): the
 * owner's wording where they wrote one (`SiteSettings.texts`, carried by the
 * page's `SiteInfo`), else the catalogue's words in the page's language (the
 * English catalogue holds the defaults the Rust list has; a test keeps them
 * equal).
 *
 * The owner writes in the site's default language, so their words stand on
 * that language's pages; another language's page reads the catalogue's
 * translation of the sentence, except for a sentence whose default is sample
 * content (the Featured Publications line names a field the owner may not
 * share): there the owner's own words are the truth, in any language.
 */
import { SENTENCES, type SentenceKey } from '../api/sentences';
import type { SiteInfo } from '../api/types';
import { t } from '../i18n/index';

const SAMPLE = new Set<string>(SENTENCES.filter((entry) => entry.sample).map((entry) => entry.key));

/** What the page says at `key`. */
export function sentence(site: Pick<SiteInfo, 'texts' | 'lang' | 'languages'>, key: SentenceKey): string {
  const own = site.texts[key];
  const defaultLanguage = site.languages[0]?.lang ?? site.lang;
  if (own && (site.lang === defaultLanguage || SAMPLE.has(key))) return own;
  return t(site.lang, key);
}

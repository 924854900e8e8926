/**
 * The fixed sentences of the public pages (src/content/sentences.rs): the
 * owner's wording where they wrote one (`SiteSettings.texts`, carried by the
 * page's `SiteInfo`), else the words the site came with. Every component that
 * shows such a sentence reads it here, so a catalogue of the defaults by
 * language (`site.lang`) plugs in at this one place.
 */
import { SENTENCES, type SentenceKey } from '../api/sentences';
import type { SiteInfo } from '../api/types';

const DEFAULTS = Object.fromEntries(SENTENCES.map((entry) => [entry.key, entry.default])) as Record<SentenceKey, string>;

/** What the page says at `key`. */
export function sentence(site: Pick<SiteInfo, 'texts'>, key: SentenceKey): string {
  return site.texts[key] || DEFAULTS[key];
}

/**
 * The message catalogues of the public pages' interface (issue 45): every
 * fixed word a visitor reads, by flat key ('news.empty'), with `{name}`
 * placeholders. The same JSON files are compiled into the server
 * (src/i18n.rs) for what Rust renders (the menu, the CV, feeds, citations'
 * labels). English is the reference; each shipped catalogue has every key
 * (i18n.test.ts, and `tsc`: the table below is typed by the English keys).
 *
 * Dates and numbers are written from the catalogue (month names, patterns,
 * separators), not with `Intl`: the pages are rendered by QuickJS, which has
 * no `Intl`, and hydrated in browsers, which must read the same.
 */
import de from './de.json';
import en from './en.json';
import { type MessageKey, type Messages, type Translate, translator, type Vars } from './messages';
import zhHans from './zh-Hans.json';

export type Language = 'en' | 'de' | 'zh-Hans';

const CATALOGUES: Record<Language, Record<MessageKey, string>> = { en, de, 'zh-Hans': zhHans };

/** The shipped languages, English first. */
export const LANGUAGES = Object.keys(CATALOGUES) as Language[];

/**
 * The catalogue for a BCP 47 tag: the tag itself, else the tag without its
 * region or script ('de-AT' → 'de'), else Chinese in any script or region →
 * 'zh-Hans' (the one Chinese catalogue), else English. Tags compare without
 * regard to case.
 */
export function resolveLanguage(tag: string): Language {
  const lower = tag.trim().toLowerCase();
  const shipped = (candidate: string) => LANGUAGES.find((lang) => lang.toLowerCase() === candidate);
  const primary = lower.split('-')[0] ?? '';
  return shipped(lower) ?? shipped(primary) ?? (primary === 'zh' ? 'zh-Hans' : 'en');
}

/** The whole catalogue of a language tag. */
export function catalogue(lang: string): Record<MessageKey, string> {
  return CATALOGUES[resolveLanguage(lang)];
}

const translators = new Map<Language, Translate>();

/** The translation function of a language tag (made once per language). */
export function translatorFor(lang: string): Translate {
  const language = resolveLanguage(lang);
  let translate = translators.get(language);
  if (!translate) {
    translate = translator(CATALOGUES[language]);
    translators.set(language, translate);
  }
  return translate;
}

/** `key` in the language of `lang`, its placeholders filled from `vars`. */
export function t(lang: string, key: MessageKey, vars?: Vars): string {
  return translatorFor(lang)(key, vars);
}

/**
 * The keys the browser needs: the frame's words (it hydrates the frame) and the
 * Copy buttons' feedback. The server embeds these, and only these, in each page
 * (src/i18n.rs, `browser_messages`, with the same prefixes).
 */
export const BROWSER_PREFIXES = ['frame.', 'copy.'] as const;

/** What the server embeds for the browser: the catalogue's keys under `BROWSER_PREFIXES`. */
export function browserMessages(lang: string): Messages {
  const all = catalogue(lang);
  const keys = (Object.keys(all) as MessageKey[]).filter((key) => BROWSER_PREFIXES.some((prefix) => key.startsWith(prefix)));
  return Object.fromEntries(keys.map((key) => [key, all[key]]));
}

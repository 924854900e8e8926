import { describe, expect, it } from 'vitest';
import { canonicalTag, languageProblem, reordered } from './LanguagesEditor';

describe('the Languages card', () => {
  it('reads tags in their canonical case and refuses what the server refuses (src/languages.rs)', () => {
    for (const [typed, canonical] of [
      ['DE', 'de'],
      ['de-at', 'de-AT'],
      ['zh-hans', 'zh-Hans'],
      ['ZH-HANT-tw', 'zh-Hant-TW'],
      ['es-419', 'es-419'],
      ['de-CH-1996', 'de-CH-1996'],
      [' fr ', 'fr'],
    ]) {
      expect(canonicalTag(typed as string)).toBe(canonical);
    }
    for (const tag of ['', 'english', 'de_AT', 'de-', 'en-u-ca-buddhist', 'x-private', 'cv', 'API']) {
      expect(canonicalTag(tag)).toBeNull();
    }
  });

  it('names what is wrong with a new language', () => {
    expect(languageProblem('de', ['en'])).toBeNull();
    expect(languageProblem('DE', ['en', 'de'])).toBe('de is in the list already');
    expect(languageProblem('en_GB', ['en'])).toBe('“en_GB” is not a language tag like en, de, de-AT or zh-Hans');
    expect(languageProblem('pl', ['en', 'de', 'fr', 'it', 'es', 'pt', 'nl', 'sv', 'da', 'fi'])).toBe('A site has at most 10 languages');
  });

  it('moves a language, the first being the default', () => {
    expect(reordered(['en', 'de', 'fr'], 2, 0)).toEqual(['fr', 'en', 'de']);
    expect(reordered(['en', 'de'], 0, 1)).toEqual(['de', 'en']);
  });
});

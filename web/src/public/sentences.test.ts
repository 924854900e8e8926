import { describe, expect, it } from 'vitest';
import { SENTENCES } from '../api/sentences';
import type { LanguageVersion } from '../api/types';
import en from '../i18n/en.json';
import { t } from '../i18n/index';
import { SITE } from '../testing/fixtures';
import { sentence } from './sentences';

const version = (lang: string, prefix: string): LanguageVersion => ({ lang, name: lang, prefix, path: `${prefix}/`, translated: false });
const BILINGUAL = [version('en', ''), version('de', '/de')];

describe('the fixed sentences', () => {
  it("default to the English catalogue's words, which the Rust list reads", () => {
    for (const entry of SENTENCES) {
      expect((en as Record<string, string>)[entry.key], entry.key).toBe(entry.default);
      expect(sentence(SITE, entry.key)).toBe(entry.default);
    }
  });

  it("are the owner's words on the default language's pages", () => {
    const site = { ...SITE, texts: { 'news.empty': 'Nothing new yet.' }, languages: BILINGUAL };
    expect(sentence(site, 'news.empty')).toBe('Nothing new yet.');
  });

  it("are the catalogue's translation on another language's page, except a sample sentence the owner rewrote", () => {
    const texts = { 'news.empty': 'Nothing new yet.', 'home.featured_publications_intro': 'Papers on sea ice.' };
    const german = { ...SITE, texts, lang: 'de', languages: BILINGUAL };
    expect(sentence(german, 'news.empty')).toBe(t('de', 'news.empty'));
    expect(sentence(german, 'news.empty')).not.toBe(en['news.empty']);
    expect(sentence(german, 'home.featured_publications_intro')).toBe('Papers on sea ice.');
    expect(sentence(german, 'projects.empty')).toBe(t('de', 'projects.empty'));
  });
});

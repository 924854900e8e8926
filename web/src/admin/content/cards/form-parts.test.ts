import { describe, expect, it } from 'vitest';
import { followSlug, optionalUrl, requiredText, slugSchema } from './form-parts';

describe('followSlug', () => {
  it('derives the slug while it is empty or still the one derived from the title', () => {
    expect(followSlug('', '', 'H')).toBe('h');
    expect(followSlug('h', 'H', 'Hardware Trojans!')).toBe('hardware-trojans');
    expect(followSlug('hardware-trojans', 'Hardware Trojans!', 'Hardware  Trojans -- Détection')).toBe('hardware-trojans-detection');
  });

  it('leaves a slug edited by hand alone', () => {
    expect(followSlug('my-own', 'Hardware', 'Hardware Trojans')).toBe('my-own');
  });

  it('derives again once the slug is cleared', () => {
    expect(followSlug('', 'Old title', 'New title')).toBe('new-title');
  });

  it('uses the variant rule: punctuation is removed, not turned into hyphens', () => {
    expect(followSlug('', '', 'C++/Rust: a study')).toBe('crust-a-study');
  });
});

describe('field rules', () => {
  it('a required field fails blank or white space with the server wording', () => {
    expect(requiredText('Title').safeParse('   ').error?.issues[0]?.message).toBe('Title is required');
    expect(requiredText('Title').safeParse(' x ').data).toBe('x');
  });

  it('URL fields take blank or http(s) URLs only', () => {
    const url = optionalUrl('Link URL');
    expect(url.safeParse('').success).toBe(true);
    expect(url.safeParse('https://example.org/a').success).toBe(true);
    expect(url.safeParse('javascript:alert(1)').error?.issues[0]?.message).toBe(
      'Link URL must be a valid URL starting with http:// or https://',
    );
    expect(url.safeParse('example.org').success).toBe(false);
  });

  it('a slug typed by hand must be in slug form', () => {
    expect(slugSchema.safeParse('').success).toBe(true);
    expect(slugSchema.safeParse('a-b-1').success).toBe(true);
    for (const bad of ['A-b', 'a--b', '-a', 'a b', 'é']) {
      expect(slugSchema.safeParse(bad).success, bad).toBe(false);
    }
  });
});

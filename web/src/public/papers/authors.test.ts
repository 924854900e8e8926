import { describe, expect, it } from 'vitest';
import { isSameAuthor } from './authors';

describe('isSameAuthor', () => {
  it('matches the owner written as in a reference', () => {
    for (const author of ['Zoë Ångström', 'Z. Ångström', 'Ångström, Zoë', 'ZOË ÅNGSTRÖM', 'Z Ångström']) {
      expect(isSameAuthor(author, 'Dr. Zoë Ångström'), author).toBe(true);
    }
    expect(isSameAuthor('Alex Lindberg', 'Prof. Alex Lindberg, PhD')).toBe(true);
  });

  it('does not match someone else', () => {
    for (const author of ['Zoë Andersson', 'B. Ångström', 'Björn Ångström', '', 'Çetin Kaya Koç']) {
      expect(isSameAuthor(author, 'Dr. Zoë Ångström'), author).toBe(false);
    }
    expect(isSameAuthor('Zoë Ångström', '')).toBe(false);
  });
});

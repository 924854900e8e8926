import { describe, expect, it } from 'vitest';
import vectors from './slug-vectors.json';
import { slugify, slugifyVariant } from './slug';

describe('slug rules (shared vectors with the server)', () => {
  it.each(vectors.slugify)('slugify(%j) is %j', (source, expected) => {
    expect(slugify(source)).toBe(expected);
  });

  it.each(vectors.slugify_variant)('slugifyVariant(%j) is %j', (source, expected) => {
    expect(slugifyVariant(source)).toBe(expected);
  });
});

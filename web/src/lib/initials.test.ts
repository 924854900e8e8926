import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it.each([
    ['Dr. Jane Doe', 'JD'],
    ['Jane Doe', 'JD'],
    ['Prof. Dr. Jane Doe', 'JD'],
    ['Assoc. Prof. Jane Q. Doe', 'JD'],
    ['dr jane doe', 'JD'],
    ['Jane Doe, PhD', 'JD'],
    ['Jane Doe PhD', 'JD'],
    ['John Smith Jr.', 'JS'],
    ['Jean-Luc Picard', 'JP'],
    ['Ludwig van Beethoven', 'LB'],
    ['Åsa Öberg', 'ÅÖ'],
    ['  Jane   Doe  ', 'JD'],
    ['Plato', 'P'],
    ['Dr.', 'D'], // nothing but an honorific: keep it rather than show nothing
    ['Ma Long', 'ML'], // a surname that looks like a degree is kept
    ["O'Brien Sean", 'OS'],
    ['(Jane) Doe', 'JD'],
    ['李 小龍', '李小'],
    ['', ''],
    ['   ', ''],
  ])('%j → %j', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });

  it('never splits a character outside the Basic Multilingual Plane', () => {
    expect(initials('𝒥ane 𝒟oe')).toBe('𝒥𝒟');
  });
});

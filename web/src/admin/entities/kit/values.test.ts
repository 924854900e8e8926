import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  blankValues,
  formValues,
  currentYear,
  followSlug,
  inputText,
  isEmptyRichText,
  listRows,
  nonEmptyEntries,
  optionalInteger,
  optionalNumber,
  optionalRichText,
  optionalText,
  parseInteger,
  today,
} from './values';

describe('form values', () => {
  it('turns blank optional text into null and trims the rest', () => {
    expect(optionalText('')).toBeNull();
    expect(optionalText('   ')).toBeNull();
    expect(optionalText(null)).toBeNull();
    expect(optionalText(' IEEE ')).toBe('IEEE');
  });

  it('parses integers with a fall-back for blanks and junk', () => {
    expect(parseInteger('12', 0)).toBe(12);
    expect(parseInteger(' -3 ', 0)).toBe(-3);
    expect(parseInteger('', 0)).toBe(0);
    expect(parseInteger('abc', 0)).toBe(0);
    expect(parseInteger('1.5', 7)).toBe(7);
    expect(optionalInteger('')).toBeNull();
    expect(optionalInteger('2024')).toBe(2024);
    expect(optionalInteger(2024.9)).toBe(2024);
  });

  it('reads fractional numbers with a point or a comma', () => {
    expect(optionalNumber('7.5')).toBe(7.5);
    expect(optionalNumber('7,5')).toBe(7.5);
    expect(optionalNumber('')).toBeNull();
    expect(optionalNumber('x')).toBeNull();
  });

  it('drops blank list entries, and always shows a row to type into', () => {
    expect(nonEmptyEntries([' Ada ', '', '  ', 'Grace'])).toEqual(['Ada', 'Grace']);
    expect(listRows(null)).toEqual(['']);
    expect(listRows([])).toEqual(['']);
    expect(listRows(['Ada'])).toEqual(['Ada']);
  });

  it('shows null as an empty input', () => {
    expect(inputText(null)).toBe('');
    expect(inputText(3)).toBe('3');
  });

  it('knows today and this year in local time', () => {
    const date = new Date(2025, 0, 5, 23, 30);
    expect(today(date)).toBe('2025-01-05');
    expect(currentYear(date)).toBe(2025);
  });
});

describe('rich text', () => {
  it.each(['', '<p></p>', '<p></p><p></p>', ' <p> </p> ', '<p>&nbsp;</p>', '<p><br></p>', '<P><BR/></P>'])('%j is empty', (html) => {
    expect(isEmptyRichText(html)).toBe(true);
    expect(optionalRichText(html)).toBeNull();
  });

  it.each(['<p>x</p>', '<ul><li><p></p></li></ul>', '<p><strong> </strong></p>', 'plain', '<hr>'])('%j is not', (html) => {
    expect(isEmptyRichText(html)).toBe(false);
    expect(optionalRichText(html)).toBe(html);
  });
});

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

describe('form values of a row', () => {
  const schema = z.object({
    title: z.string(),
    year: z.string(),
    authors: z.array(z.string()),
    featured: z.boolean(),
    status: z.enum(['published', 'draft']),
  });

  it('starts a new row blank, then the preset', () => {
    expect(blankValues(schema, { year: '2031' })).toEqual({ title: '', year: '2031', authors: [''], featured: false, status: 'published' });
  });

  it('reads a stored row as the inputs show it', () => {
    const defaults = blankValues(schema, { year: '2031' });
    expect(formValues(defaults, null)).toBe(defaults);
    const stored = { id: 'x', title: null, year: 2020, authors: [], featured: true, status: 'draft' };
    expect(formValues(defaults, stored)).toEqual({
      title: '',
      year: '2020',
      authors: [''],
      featured: true,
      status: 'draft',
    });
  });
});

/**
 * The kit's rules against the conformance vectors the server runs too
 * (api/rule-vectors.json): every vector through the predicate and the zod
 * rule the forms use. Then the messages, which stay the server's words.
 */
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { CREDITS, MAX_LONG, YEAR } from '../../../api/rules';
import vectors from '../../../api/rule-vectors.json';
import { passwordWeaknesses } from '../../passwords';
import {
  colorRule,
  integerText,
  isEmailAddress,
  isHexColor,
  isHttpUrl,
  isShortText,
  isSitePath,
  isSlug,
  isYear,
  longText,
  numberText,
  optionalEmail,
  optionalLine,
  optionalLink,
  optionalUrl,
  requiredSlugRule,
  requiredText,
  slugRule,
  yearText,
} from './rules';

/** The first message the rule gives for `value`, or null when it passes. */
function message(rule: z.ZodType<string>, value: string): string | null {
  const result = rule.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

const passes = (rule: z.ZodType<string>, value: string) => message(rule, value) === null;

describe('conformance vectors (api/rule-vectors.json)', () => {
  it.each(vectors.http_url)('URL $value: $valid', ({ value, valid }) => {
    expect(isHttpUrl(value)).toBe(valid);
    expect(passes(optionalUrl('URL'), value)).toBe(valid);
  });

  it.each(vectors.link)('link $value: $valid', ({ value, valid }) => {
    expect(isHttpUrl(value) || isSitePath(value)).toBe(valid);
    expect(passes(optionalLink('URL'), value)).toBe(valid);
  });

  it.each(vectors.email)('e-mail $value: $valid', ({ value, valid }) => {
    expect(isEmailAddress(value)).toBe(valid);
    expect(passes(optionalEmail('Email'), value)).toBe(valid);
  });

  it.each(vectors.hex_color)('colour $value: $valid', ({ value, valid }) => {
    expect(isHexColor(value)).toBe(valid);
    expect(passes(colorRule, value)).toBe(valid);
  });

  it.each(vectors.slug)('slug $value: $valid', ({ value, valid }) => {
    expect(isSlug(value)).toBe(valid);
    expect(passes(slugRule, value)).toBe(valid);
    expect(passes(requiredSlugRule, value)).toBe(valid);
  });

  it.each(vectors.year)('year $value: $valid', ({ value, valid }) => {
    expect(isYear(value)).toBe(valid);
    expect(passes(yearText('Year', { required: true }), String(value))).toBe(valid);
  });

  it.each(vectors.short_text)('$times × $repeat: $valid', ({ repeat, times, valid }) => {
    const value = repeat.repeat(times);
    expect(isShortText(value)).toBe(valid);
    expect(passes(requiredText('Title'), value)).toBe(valid);
    expect(passes(optionalLine('Venue'), value)).toBe(valid);
  });

  it.each(vectors.password)('password $password: $reasons', ({ password, email, reasons }) => {
    expect(passwordWeaknesses(password, email)).toEqual(reasons);
  });
});

describe('messages', () => {
  it('requires non-blank text, at most 1000 code points', () => {
    expect(message(requiredText('Name'), '')).toBe('Name is required');
    expect(message(requiredText('Name'), '   ')).toBe('Name is required');
    expect(message(requiredText('Name'), 'Ada')).toBeNull();
    expect(requiredText('Title').safeParse(' x ').data).toBe('x');
    expect(message(requiredText('Title'), 'x'.repeat(1001))).toBe('Title must be at most 1000 characters');
    expect(message(longText('Abstract'), 'x'.repeat(MAX_LONG + 1))).toBe(`Abstract must be at most ${MAX_LONG} characters`);
    expect(message(longText('Abstract'), 'x'.repeat(5000))).toBeNull();
  });

  it('takes blank or http(s) URLs only', () => {
    const rule = optionalUrl('Slides URL');
    expect(message(rule, '')).toBeNull();
    expect(message(rule, 'example.org')).toBe('Slides URL must be a valid URL starting with http:// or https://');
  });

  it('takes blank or an e-mail address', () => {
    expect(message(optionalEmail('Email'), 'nope')).toBe('Email must be a valid email address');
    expect(message(optionalEmail('Email'), '')).toBeNull();
  });

  it('takes whole numbers within the range, one message at a time', () => {
    const rule = integerText('Start year', YEAR);
    expect(message(rule, '')).toBeNull();
    expect(message(rule, ' 2024 ')).toBeNull();
    expect(message(rule, '2024.5')).toBe('Start year must be a whole number');
    expect(message(rule, 'soon')).toBe('Start year must be a whole number');
    expect(message(rule, '99')).toBe('Start year must be between 1000 and 9999');
    expect(message(yearText('Year', { required: true }), '')).toBe('Year is required');
  });

  it('takes fractional numbers (7.5 or 7,5 credits)', () => {
    const rule = numberText('Credits', CREDITS);
    expect(message(rule, '7.5')).toBeNull();
    expect(message(rule, '7,5')).toBeNull();
    expect(message(rule, '')).toBeNull();
    expect(message(rule, 'many')).toBe('Credits must be a number');
    expect(message(rule, '-1')).toBe('Credits must be between 0 and 1000');
  });

  it('takes a blank slug (derived by the server) or one in slug form', () => {
    const invalid = 'Slug may contain only lower-case letters, digits and single hyphens';
    expect(message(slugRule, '')).toBeNull();
    expect(message(slugRule, 'a--b')).toBe(invalid);
    expect(message(requiredSlugRule, '')).toBe('Slug is required');
    expect(message(requiredSlugRule, 'Bad Slug')).toBe(invalid);
  });

  it('takes a blank colour or #rrggbb', () => {
    expect(message(colorRule, '')).toBeNull();
    expect(message(colorRule, '#3b82f')).toBe('Color must be a hex colour like #3b82f6');
  });
});

import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  colorRule,
  isEmailAddress,
  optionalEmail,
  optionalHttpUrl,
  optionalIntegerText,
  optionalNumberText,
  optionLabel,
  requiredText,
  slugRule,
} from './rules';

/** The first message the rule gives for `value`, or null when it passes. */
function message(rule: z.ZodType<string>, value: string): string | null {
  const result = rule.safeParse(value);
  return result.success ? null : (result.error.issues[0]?.message ?? '');
}

describe('the table forms mirror the server rules', () => {
  it('requires non-blank text with the server wording', () => {
    expect(message(requiredText('Name'), '')).toBe('Name is required');
    expect(message(requiredText('Name'), '   ')).toBe('Name is required');
    expect(message(requiredText('Name'), 'Ada')).toBeNull();
    expect(message(requiredText('Title'), 'x'.repeat(1001))).toBe('Title must be at most 1000 characters');
  });

  it('accepts blank or http(s) URLs only', () => {
    const rule = optionalHttpUrl('Slides URL');
    expect(message(rule, '')).toBeNull();
    expect(message(rule, 'https://example.org/slides.pdf')).toBeNull();
    expect(message(rule, 'http://example.org')).toBeNull();
    expect(message(rule, 'example.org')).toBe('Slides URL must be a valid URL starting with http:// or https://');
    expect(message(rule, 'javascript:alert(1)')).toBe('Slides URL must be a valid URL starting with http:// or https://');
    expect(message(rule, 'https://')).toBe('Slides URL must be a valid URL starting with http:// or https://');
  });

  it('checks e-mail addresses as the server does', () => {
    expect(isEmailAddress('ada@example.org')).toBe(true);
    expect(isEmailAddress('ada@example')).toBe(false);
    expect(isEmailAddress('@example.org')).toBe(false);
    expect(isEmailAddress('a@b@example.org')).toBe(false);
    expect(isEmailAddress('ada @example.org')).toBe(false);
    expect(isEmailAddress('ada@.org')).toBe(false);
    expect(message(optionalEmail('Email'), 'nope')).toBe('Email must be a valid email address');
    expect(message(optionalEmail('Email'), '')).toBeNull();
  });

  it('takes blank or whole numbers within the range', () => {
    const rule = optionalIntegerText('Start year', 1000, 9999);
    expect(message(rule, '')).toBeNull();
    expect(message(rule, '2024')).toBeNull();
    expect(message(rule, ' 2024 ')).toBeNull();
    expect(message(rule, '2024.5')).toBe('Start year must be a whole number');
    expect(message(rule, 'soon')).toBe('Start year must be a whole number');
    expect(message(rule, '99')).toBe('Start year must be between 1000 and 9999');
  });

  it('takes fractional numbers (7.5 or 7,5 credits)', () => {
    const rule = optionalNumberText('Credits', 0, 1000);
    expect(message(rule, '7.5')).toBeNull();
    expect(message(rule, '7,5')).toBeNull();
    expect(message(rule, '')).toBeNull();
    expect(message(rule, 'many')).toBe('Credits must be a number');
    expect(message(rule, '-1')).toBe('Credits must be between 0 and 1000');
  });

  it('takes a blank slug (derived by the server) or one in slug form', () => {
    const invalid = 'Slug may contain only lower-case letters, digits and single hyphens';
    expect(message(slugRule, '')).toBeNull();
    expect(message(slugRule, 'hardware-security-2025')).toBeNull();
    expect(message(slugRule, 'Hardware')).toBe(invalid);
    expect(message(slugRule, 'a--b')).toBe(invalid);
    expect(message(slugRule, '-a')).toBe(invalid);
    expect(message(slugRule, 'a b')).toBe(invalid);
  });

  it('takes a blank colour or #rrggbb', () => {
    expect(message(colorRule, '')).toBeNull();
    expect(message(colorRule, '#3B82F6')).toBeNull();
    expect(message(colorRule, '#3b82f')).toBe('Color must be a hex colour like #3b82f6');
    expect(message(colorRule, 'blue')).toBe('Color must be a hex colour like #3b82f6');
  });

  it('shows an option by its label, unknown values as they are', () => {
    const options = [{ value: 'fall', label: 'Fall' }];
    expect(optionLabel(options, 'fall')).toBe('Fall');
    expect(optionLabel(options, 'autumn')).toBe('autumn');
  });
});

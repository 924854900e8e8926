import { describe, expect, it } from 'vitest';
import { currentYear, inputText, isHttpUrl, nonEmptyEntries, optionalInteger, optionalNumber, optionalText, parseInteger, today } from './form-values';

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

  it('drops blank list entries', () => {
    expect(nonEmptyEntries([' Ada ', '', '  ', 'Grace'])).toEqual(['Ada', 'Grace']);
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

  it('accepts only http(s) URLs', () => {
    expect(isHttpUrl('https://doi.org/10.1/x')).toBe(true);
    expect(isHttpUrl('http://localhost:8080')).toBe(true);
    expect(isHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isHttpUrl('https://')).toBe(false);
    expect(isHttpUrl('www.example.org')).toBe(false);
  });
});

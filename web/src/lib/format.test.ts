import { describe, expect, it } from 'vitest';
import {
  dayNumber,
  daysBetween,
  daysInMonth,
  formatCount,
  formatDate,
  formatMonthYear,
  formatShortDate,
  formatShortMonthYear,
  parseIsoDate,
} from './format';

describe('formatDate', () => {
  it.each([
    ['2025-01-05', 'January 5, 2025'],
    ['2024-12-31', 'December 31, 2024'],
    ['2024-02-29', 'February 29, 2024'], // leap year
    ['2000-02-29', 'February 29, 2000'], // divisible by 400
    ['0999-07-04', 'July 4, 999'],
    ['  2025-03-09  ', 'March 9, 2025'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatDate(input)).toBe(expected);
  });

  it('uses the written calendar date of a timestamp, whatever its offset', () => {
    // new Date(...) would move these to another day in most time zones.
    expect(formatDate('2025-01-05T23:30:00-08:00')).toBe('January 5, 2025');
    expect(formatDate('2025-01-05T00:00:00Z')).toBe('January 5, 2025');
    expect(formatDate('2025-01-05 10:00:00')).toBe('January 5, 2025');
  });

  it.each(['', 'not a date', '2023-02-29', '1900-02-29', '2025-13-01', '2025-00-10', '2025-04-31', '2025-1-5', '20250105', '2025-01-05x'])(
    'returns invalid input %j unchanged',
    (input) => {
      expect(formatDate(input)).toBe(input);
    },
  );
});

describe('formatShortDate', () => {
  it.each([
    ['2025-01-05', 'Jan 05, 2025'],
    ['2025-09-30', 'Sep 30, 2025'],
    ['2025-05-01T12:00:00Z', 'May 01, 2025'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatShortDate(input)).toBe(expected);
  });

  it('returns invalid input unchanged', () => {
    expect(formatShortDate('soon')).toBe('soon');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [87654, '87,654'],
    [1234567, '1,234,567'],
  ])('%d → %s', (count, formatted) => {
    expect(formatCount(count)).toBe(formatted);
  });
});

describe('formatMonthYear', () => {
  it('formats month and year', () => {
    expect(formatMonthYear('2023-11-20')).toBe('November 2023');
  });
});

describe('parseIsoDate', () => {
  it('reads year, month and day', () => {
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseIsoDate('2023-02-29')).toBeNull();
  });

  it('knows month lengths', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => daysInMonth(2023, m))).toEqual([
      31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31,
    ]);
    expect(daysInMonth(2100, 2)).toBe(28);
  });
});

describe('formatShortMonthYear', () => {
  it.each([
    ['2023-01-15', 'Jan 2023'],
    ['2024-09-01', 'Sep 2024'],
    ['2024-12-31T23:00:00Z', 'Dec 2024'],
  ])('formats %j as %j', (input, expected) => {
    expect(formatShortMonthYear(input)).toBe(expected);
  });

  it('returns invalid input unchanged', () => {
    expect(formatShortMonthYear('ongoing')).toBe('ongoing');
  });
});

describe('dayNumber', () => {
  it('counts days from 1970-01-01 like Date.UTC does', () => {
    for (const value of [
      '1970-01-01',
      '1969-12-31',
      '2000-02-29',
      '2000-03-01',
      '2024-02-29',
      '2025-03-01',
      '1600-03-01',
      '2400-12-31',
      '0001-01-01',
    ]) {
      const date = parseIsoDate(value);
      if (!date) throw new Error(value);
      const utc = new Date(0);
      utc.setUTCFullYear(date.year, date.month - 1, date.day);
      expect(dayNumber(date), value).toBe(Math.round(utc.getTime() / 86_400_000));
    }
  });
});

describe('daysBetween', () => {
  it.each([
    ['2025-03-01', '2025-03-01', 0],
    ['2025-03-01', '2025-03-31', 30],
    ['2025-03-01', '2025-02-28', -1],
    ['2024-02-28', '2024-03-01', 2], // leap day in between
    ['2023-02-28', '2023-03-01', 1],
    ['2024-12-31', '2025-01-01', 1],
    ['2025-01-01', '2026-01-01', 365],
  ])('from %j to %j is %d days', (from, to, days) => {
    expect(daysBetween(from, to)).toBe(days);
  });

  it('is null when either side is not a date', () => {
    expect(daysBetween('2025-03-01', 'soon')).toBeNull();
    expect(daysBetween('', '2025-03-01')).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { daysInMonth, formatDate, formatMonthYear, formatShortDate, parseIsoDate } from './format';

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

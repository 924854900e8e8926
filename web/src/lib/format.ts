/**
 * en-US date formatting without `Intl` or `toLocale*`.
 *
 * Public pages are rendered by QuickJS on the server (which has no `Intl`) and
 * hydrated in the browser, so both sides must produce byte-identical text. The
 * helpers therefore work on the calendar date written in the string
 * (`YYYY-MM-DD`, optionally followed by a time) and never convert time zones:
 * '2025-01-05' is January 5 for every visitor, wherever the server runs.
 * Input that is not a valid date is returned unchanged.
 */

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

export type CalendarDate = { year: number; month: number; day: number };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ])/;

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

/** Reads the calendar date at the start of an ISO 8601 string, or null. */
export function parseIsoDate(value: string): CalendarDate | null {
  const match = ISO_DATE.exec(value.trim());
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

function monthName(month: number): string {
  return MONTHS[month - 1] ?? '';
}

/** '2025-01-05' → 'January 5, 2025' */
export function formatDate(value: string): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  return `${monthName(date.month)} ${date.day}, ${date.year}`;
}

/** '2025-01-05' → 'Jan 05, 2025' (the admin's 'MMM dd, yyyy') */
export function formatShortDate(value: string): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  const day = String(date.day).padStart(2, '0');
  return `${monthName(date.month).slice(0, 3)} ${day}, ${date.year}`;
}

/** 1234567 → '1,234,567' (en-US digit groups, without `Intl`) */
export function formatCount(count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** '2025-01-05' → 'January 2025' */
export function formatMonthYear(value: string): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  return `${monthName(date.month)} ${date.year}`;
}

/** '2025-01-05' → 'Jan 2025' */
export function formatShortMonthYear(value: string): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  return `${monthName(date.month).slice(0, 3)} ${date.year}`;
}

/**
 * Days since 1970-01-01 of a calendar date (proleptic Gregorian), computed
 * arithmetically: no `Date`, no time zone, the same on the server and in the
 * browser.
 */
export function dayNumber({ year, month, day }: CalendarDate): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

/** Whole days from `from` to `to` (negative when `to` is earlier), or null if either is not a date. */
export function daysBetween(from: string, to: string): number | null {
  const a = parseIsoDate(from);
  const b = parseIsoDate(to);
  return a && b ? dayNumber(b) - dayNumber(a) : null;
}

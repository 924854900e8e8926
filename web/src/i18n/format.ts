/**
 * Dates and numbers in the page's language, from the catalogue's month names,
 * patterns and separators (no `Intl`: see ./index.ts). Like ../lib/format.ts,
 * they read the calendar date written in the string and never convert time
 * zones; input that is not a date is returned unchanged.
 */
import { parseIsoDate } from '../lib/format';
import type { MessageKey, Translate } from './messages';

function month(t: Translate, which: 'month' | 'short', number: number): string {
  return t(`date.${which}.${number}` as MessageKey);
}

/** '2025-01-05' → 'January 5, 2025', '5. Januar 2025', '2025年1月5日' */
export function dateText(t: Translate, value: string): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  return t('date.full', { month: month(t, 'month', date.month), day: date.day, year: date.year });
}

/** '2025-01-05' → 'January 2025', 'Januar 2025', '2025年1月' */
export function monthYearText(t: Translate, value: string): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  return t('date.month_year', { month: month(t, 'month', date.month), year: date.year });
}

/** '2025-01-05' → 'Jan 2025', 'Jan. 2025', '2025年1月' */
export function shortMonthYearText(t: Translate, value: string): string {
  const date = parseIsoDate(value);
  if (!date) return value;
  return t('date.month_year', { month: month(t, 'short', date.month), year: date.year });
}

/** A month (1–12) of a year: 'March 2024', 'März 2024', '2024年3月'. */
export function monthOfYearText(t: Translate, monthNumber: number, year: number): string {
  return t('date.month_year', { month: month(t, 'month', monthNumber), year });
}

/** 1234567 → '1,234,567', '1.234.567' */
export function countText(t: Translate, count: number): string {
  return String(count).replace(/\B(?=(\d{3})+(?!\d))/g, t('number.group'));
}

/**
 * The server's field rules (src/rules/mod.rs, src/rules/validate.rs) as zod rules for
 * the forms, so the user sees the server's message next to the field before
 * anything is sent. Limits and patterns come from the generated
 * `api/rules.ts`; only the messages live here. Form values are the raw
 * strings of the inputs; each entity's `toInput` turns them into the request.
 * rules.test.ts runs every conformance vector of `api/rule-vectors.json`
 * through these predicates.
 */
import { z } from 'zod';
import {
  CONTENT_STATUSES,
  EMAIL_PATTERN,
  HEX_COLOR_PATTERN,
  HTTP_URL_PATTERN,
  MAX_LONG,
  MAX_SHORT,
  SITE_PATH_PATTERN,
  SLUG_PATTERN,
  YEAR,
} from '../../../api/rules';

/** A range of allowed numbers, as the generated rules give them. */
export type Range = { readonly min: number; readonly max: number };

/** Length as the server counts it: Unicode code points, not UTF-16 units ('😀' is one). */
export function codePointLength(value: string): number {
  return [...value].length;
}

/** Text the server accepts as single-line text (checked after trimming, as the server does). */
export function isShortText(value: string): boolean {
  return codePointLength(value.trim()) <= MAX_SHORT;
}

export function isHttpUrl(value: string): boolean {
  return HTTP_URL_PATTERN.test(value.trim());
}

/** A path on this site (an uploaded file's `/files/…`) that no browser reads as another host. */
export function isSitePath(value: string): boolean {
  return SITE_PATH_PATTERN.test(value.trim());
}

export function isEmailAddress(value: string): boolean {
  return EMAIL_PATTERN.test(value.trim());
}

export function isSlug(value: string): boolean {
  return SLUG_PATTERN.test(value.trim());
}

export function isHexColor(value: string): boolean {
  return HEX_COLOR_PATTERN.test(value.trim());
}

export function isInRange(value: number, range: Range): boolean {
  return value >= range.min && value <= range.max;
}

export function isYear(value: number): boolean {
  return Number.isInteger(value) && isInRange(value, YEAR);
}

function tooLong(label: string, max: number): string {
  return `${label} must be at most ${max} characters`;
}

function rangeMessage(label: string, range: Range): string {
  return `${label} must be between ${range.min} and ${range.max}`;
}

/** Text that may be blank, at most `max` code points (single-line fields: MAX_SHORT). */
export function optionalLine(label: string, max: number = MAX_SHORT) {
  return z
    .string()
    .trim()
    .refine((value) => codePointLength(value) <= max, tooLong(label, max));
}

/** Free text (a textarea, rich text): at most MAX_LONG. */
export function longText(label: string) {
  return optionalLine(label, MAX_LONG);
}

/** Text that must not be blank: 'Name is required'. */
export function requiredText(label: string, max: number = MAX_SHORT) {
  return optionalLine(label, max).refine((value) => value !== '', `${label} is required`);
}

/** Blank, or an absolute http(s) URL. */
export function optionalUrl(label: string) {
  return optionalLine(label).refine(
    (value) => value === '' || isHttpUrl(value),
    `${label} must be a valid URL starting with http:// or https://`,
  );
}

/** Blank, an absolute http(s) URL or a path on this site (image fields: uploads live under `/files/`). */
export function optionalLink(label: string) {
  return optionalLine(label).refine(
    (value) => value === '' || isHttpUrl(value) || isSitePath(value),
    `${label} must be a valid URL starting with http:// or https://`,
  );
}

/** Blank, or an e-mail address. */
export function optionalEmail(label: string) {
  return optionalLine(label).refine((value) => value === '' || isEmailAddress(value), `${label} must be a valid email address`);
}

const SLUG_MESSAGE = 'Slug may contain only lower-case letters, digits and single hyphens';

/** Blank (the server derives it from the title) or already in slug form. */
export const slugRule = optionalLine('Slug').refine((value) => value === '' || isSlug(value), SLUG_MESSAGE);

/** A slug the owner must give (open calls): 'Slug is required', then the slug form. */
export const requiredSlugRule = requiredText('Slug').refine((value) => value === '' || isSlug(value), SLUG_MESSAGE);

/** Blank (the server uses the default) or '#rrggbb'. */
export const colorRule = z
  .string()
  .trim()
  .refine((value) => value === '' || isHexColor(value), 'Color must be a hex colour like #3b82f6');

/**
 * A whole number typed as text, within `range`; one message at a time
 * ('Year is required', 'Year must be a whole number', 'Year must be between
 * 1000 and 9999'). Blank passes unless `required` (the server then stores
 * null or its default).
 */
export function integerText(label: string, range: Range, { required = false } = {}) {
  return z
    .string()
    .trim()
    .superRefine((value, context) => {
      const problem =
        value === ''
          ? required
            ? `${label} is required`
            : null
          : !/^-?\d+$/.test(value)
            ? `${label} must be a whole number`
            : isInRange(Number(value), range)
              ? null
              : rangeMessage(label, range);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    });
}

/** A year typed as text: YEAR's range. */
export function yearText(label: string, options?: { required?: boolean }) {
  return integerText(label, YEAR, options);
}

/** Blank, or a number with a point or a comma for the decimals (7.5 credits), within `range`. */
export function numberText(label: string, range: Range) {
  const numeric = (value: string) => /^-?\d+([.,]\d+)?$/.test(value);
  return z
    .string()
    .trim()
    .refine((value) => value === '' || numeric(value), `${label} must be a number`)
    .refine((value) => value === '' || !numeric(value) || isInRange(Number(value.replace(',', '.')), range), rangeMessage(label, range));
}

/** One value of a generated enum (CONTENT_STATUSES, COURSE_TERMS, …). */
export function oneOf<T extends string>(values: readonly T[]) {
  return z.enum(values as [T, ...T[]]);
}

/** Blank (the server dates it today) or a calendar date as a date input gives it. */
export function optionalDate(label: string) {
  return z.string().refine((date) => date === '' || ISO_DATE.test(date), `${label} must be a date`);
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The rules of the fields a tagged, publishable item ends with (TagPickerField, PublishFields). */
export const taggedPublishRules = { tag_ids: z.array(z.string()), featured: z.boolean(), status: oneOf(CONTENT_STATUSES) };

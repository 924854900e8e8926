/**
 * The server's field rules (src/validate.rs `Check`), mirrored for the table
 * screens' forms so the user sees the same message next to the field before
 * anything is sent. Form values are the raw strings of the inputs; turning
 * them into the request happens in each screen's `toInput`.
 */
import { z } from 'zod';
import { isHttpUrl } from '../form-values';

/** The server's limit for single-line text (MAX_SHORT). */
export const MAX_SHORT = 1_000;

const blank = (value: string) => value.trim() === '';

function tooLong(label: string) {
  return `${label} must be at most ${MAX_SHORT} characters`;
}

/** Single-line text that must not be blank: 'Name is required'. */
export function requiredText(label: string) {
  return z
    .string()
    .refine((value) => !blank(value), `${label} is required`)
    .refine((value) => value.trim().length <= MAX_SHORT, tooLong(label));
}

/** Single-line text that may be blank. */
export function optionalLine(label: string) {
  return z.string().refine((value) => value.trim().length <= MAX_SHORT, tooLong(label));
}

/** Blank, or an absolute http(s) URL. */
export function optionalHttpUrl(label: string) {
  return optionalLine(label).refine(
    (value) => blank(value) || isHttpUrl(value),
    `${label} must be a valid URL starting with http:// or https://`,
  );
}

/** The server's e-mail check (`is_email`): one @, a dot in the domain, no spaces. */
export function isEmailAddress(value: string): boolean {
  const text = value.trim();
  const at = text.indexOf('@');
  if (at <= 0 || text.indexOf('@', at + 1) !== -1 || /\s/.test(text)) return false;
  const domain = text.slice(at + 1);
  return domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.');
}

/** Blank, or an e-mail address. */
export function optionalEmail(label: string) {
  return optionalLine(label).refine((value) => blank(value) || isEmailAddress(value), `${label} must be a valid email address`);
}

function wholeNumber(value: string): boolean {
  return /^-?\d+$/.test(value.trim());
}

/**
 * Blank (the server then uses its default, or stores null), or a whole number
 * within `min`..`max` ('Start year must be between 1000 and 9999').
 */
export function optionalIntegerText(label: string, min: number, max: number) {
  return z
    .string()
    .refine((value) => blank(value) || wholeNumber(value), `${label} must be a whole number`)
    .refine((value) => blank(value) || !wholeNumber(value) || inRange(Number(value), min, max), rangeMessage(label, min, max));
}

/** Blank, or a number (a point or a comma for the decimals: 7.5 credits) within `min`..`max`. */
export function optionalNumberText(label: string, min: number, max: number) {
  const number = (value: string) => Number(value.trim().replace(',', '.'));
  const numeric = (value: string) => /^-?\d+([.,]\d+)?$/.test(value.trim());
  return z
    .string()
    .refine((value) => blank(value) || numeric(value), `${label} must be a number`)
    .refine((value) => blank(value) || !numeric(value) || inRange(number(value), min, max), rangeMessage(label, min, max));
}

function inRange(value: number, min: number, max: number): boolean {
  return value >= min && value <= max;
}

function rangeMessage(label: string, min: number, max: number): string {
  return `${label} must be between ${min} and ${max}`;
}

/** The server's slug form: lower-case letters and digits in groups joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Blank (the server derives it from the title) or already in slug form. */
export const slugRule = optionalLine('Slug').refine(
  (value) => blank(value) || SLUG_PATTERN.test(value.trim()),
  'Slug may contain only lower-case letters, digits and single hyphens',
);

export const HEX_COLOR = /^#[0-9a-f]{6}$/i;

/** Blank (the server uses the default) or '#rrggbb'. */
export const colorRule = z
  .string()
  .refine((value) => blank(value) || HEX_COLOR.test(value.trim()), 'Color must be a hex colour like #3b82f6');

/** An option of a fixed set, as shown in a select and in the table. */
export type Option = { value: string; label: string };

/** The option's label, or the raw value if it is not one of them (data written by hand). */
export function optionLabel(options: readonly Option[], value: string): string {
  return options.find((option) => option.value === value)?.label ?? value;
}

/** Draft or published (courses, talks); new items are published. */
export const CONTENT_STATUS_OPTIONS: readonly Option[] = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
];

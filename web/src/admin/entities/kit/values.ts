/**
 * Between stored rows, form values and requests (spec section 5): inputs
 * hold strings, blank optional text is sent as null, integers are parsed
 * with a fall-back, empty list entries are dropped.
 */
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { slugifyVariant } from '../../../lib/slug';

/** Trimmed text, or null when blank (optional fields are stored as null, not ''). */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** An integer from a form field, or null when blank or not a number (e.g. graduation year). */
export function optionalInteger(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  const text = (value ?? '').trim();
  if (!/^-?\d+$/.test(text)) return null;
  return Number.parseInt(text, 10);
}

/** An integer from a form field; `fallback` when blank or not a number (e.g. sort order → 0). */
export function parseInteger(value: string | number | null | undefined, fallback: number): number {
  return optionalInteger(value) ?? fallback;
}

/** A number (credits may be 7.5 or 7,5), or null when blank or not a number. */
export function optionalNumber(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = (value ?? '').trim().replace(',', '.');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** List entries trimmed, blanks dropped (authors, technologies, collaborators). */
export function nonEmptyEntries(values: readonly string[]): string[] {
  return values.map((value) => value.trim()).filter((value) => value !== '');
}

/** Rows of a stored list for the List field: at least one (empty) row to type into. */
export function listRows(values: readonly string[] | null | undefined): string[] {
  return values && values.length > 0 ? [...values] : [''];
}

/** A stored value for a text input: null shows as ''. */
export function inputText(value: string | number | null | undefined): string {
  return value === null || value === undefined ? '' : String(value);
}

/** The current year (default for publication year, course year, student start year). */
export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}

/** Today as YYYY-MM-DD in the viewer's time zone (default news date). */
export function today(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/**
 * Whether editor HTML holds nothing a reader would see: Tiptap's empty
 * document is '<p></p>', and paragraphs of spaces or line breaks are as empty.
 */
export function isEmptyRichText(html: string): boolean {
  return /^(?:\s|&nbsp;|<p>|<\/p>|<br\s*\/?>)*$/i.test(html);
}

/** Editor HTML, or null when it is empty. */
export function optionalRichText(html: string): string | null {
  return isEmptyRichText(html) ? null : html;
}

/**
 * The slug after the title changed from `previousTitle` to `nextTitle`, for
 * the screens whose slug follows the title until edited (publications,
 * projects, research areas): it follows while it is still the one derived
 * from the title (or empty); once edited by hand it is left alone.
 */
export function followSlug(slug: string, previousTitle: string, nextTitle: string): string {
  const following = slug === '' || slug === slugifyVariant(previousTitle);
  return following ? slugifyVariant(nextTitle) : slug;
}

/**
 * A new row's form values: every text field empty, every checkbox off, every
 * list one empty row, every select its first option, then `preset` (the
 * spec's defaults: this year, published, …).
 */
export function blankValues<V extends FieldValues>(schema: z.ZodObject & z.ZodType<V>, preset: Partial<V>): V {
  const blank = (field: unknown) =>
    field instanceof z.ZodBoolean ? false : field instanceof z.ZodArray ? [''] : field instanceof z.ZodEnum ? field.options[0] : '';
  // Tags are picked, not typed: no empty row to type into.
  const values = Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, key === TAG_IDS ? [] : blank(field)]));
  return { ...values, ...preset } as V;
}

/** The form key of an item's tags: the ids of the row's `tags` (issue 16). */
export const TAG_IDS = 'tag_ids';

/** What a stored row has for a form of V: every key of the values, but `tag_ids`, read from its `tags`. */
export type RowOf<V> = Record<Exclude<keyof V, typeof TAG_IDS>, unknown>;

/**
 * The form's values for a stored row (null shows as '', numbers as text, an
 * empty list as one empty row, its tags as their ids), or `defaults` for a
 * new one (null).
 */
export function formValues<V extends FieldValues>(defaults: V, item: RowOf<V> | null): V {
  if (!item) return defaults;
  const row = item as Record<string, unknown>;
  const shown = (stored: unknown) =>
    Array.isArray(stored)
      ? listRows(stored as string[])
      : typeof stored === 'boolean'
        ? stored
        : inputText(stored as string | number | null);
  const tagIds = (tags: unknown) => (Array.isArray(tags) ? tags.map((tag: { id: string }) => tag.id) : []);
  return Object.fromEntries(Object.keys(defaults).map((key) => [key, key === TAG_IDS ? tagIds(row.tags) : shown(row[key])])) as V;
}

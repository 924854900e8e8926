/**
 * The spec's form-to-request rules (section 5), shared by every content form:
 * blank optional text becomes null, integers are parsed with a fall-back,
 * empty list entries are dropped.
 */

/** Trimmed text, or null when blank (optional fields are stored as null, not ''). */
export function optionalText(value: string | null | undefined): string | null {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
}

/** An integer from a form field; `fallback` when blank or not a number (e.g. sort order → 0). */
export function parseInteger(value: string | number | null | undefined, fallback: number): number {
  const parsed = optionalInteger(value);
  return parsed ?? fallback;
}

/** An integer from a form field, or null when blank or not a number (e.g. graduation year). */
export function optionalInteger(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : null;
  const text = (value ?? '').trim();
  if (!/^-?\d+$/.test(text)) return null;
  return Number.parseInt(text, 10);
}

/** A number (credits may be 7.5), or null when blank or not a number. */
export function optionalNumber(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const text = (value ?? '').trim().replace(',', '.');
  if (text === '' || !/^-?\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

/** List entries trimmed, blanks dropped (authors, technologies, collaborators). */
export function nonEmptyEntries(values: readonly string[]): string[] {
  return values.map((value) => value.trim()).filter((value) => value !== '');
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

/** http(s) URLs only: the check the server makes, mirrored for the form. */
export function isHttpUrl(value: string): boolean {
  return /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value.trim());
}

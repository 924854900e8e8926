/**
 * The fields of a page-text form and the server's rules for them
 * (src/content/homepage.rs), mirrored so messages show before sending:
 * every text is trimmed and has a length limit, links are http(s) URLs or
 * paths on this site (an uploaded file's `/files/...`).
 */
import { isHttpUrl } from '../form-values';

/** Limits of src/validate.rs: single-line texts, and multi-line ones. */
export const MAX_SHORT = 1_000;
export const MAX_LONG = 200_000;

export const LINK_MESSAGE = 'Must be a valid URL starting with http:// or https://';

export type FieldKind = 'text' | 'multiline' | 'link' | 'email' | 'tel';

export type FieldSpec = {
  label: string;
  /** 'text' when not given. 'multiline' fields get the long limit and a textarea. */
  kind?: FieldKind;
  hint?: string;
  placeholder?: string;
  /** Visible lines of a multi-line field (5 when not given). */
  rows?: number;
};

/** One spec per field of the content: the type makes sure no field is forgotten. */
export type FieldSpecs<T> = { readonly [K in keyof T]-?: FieldSpec };

/** A path on this site, as the server accepts for links. */
export function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !/\s/.test(value);
}

/** The field's message for `value`, or true when the server will accept it. */
export function checkField(spec: FieldSpec, value: string): string | true {
  const text = value.trim();
  const max = spec.kind === 'multiline' ? MAX_LONG : MAX_SHORT;
  // The server counts characters (code points), not UTF-16 units.
  if ([...text].length > max) return `${spec.label} must be at most ${max} characters`;
  if (spec.kind === 'link' && text !== '' && !isHttpUrl(text) && !isSitePath(text)) return LINK_MESSAGE;
  return true;
}

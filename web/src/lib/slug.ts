/**
 * The spec's two slug rules (section 4), the same as the server's
 * (`src/rules/validate.rs`); both are tested against `slug-vectors.json`.
 * Accented letters are folded to their base letter first, so 'Café' gives
 * 'cafe' rather than 'caf'.
 */

function foldAccents(source: string): string {
  return source.normalize('NFKD').replace(/\p{M}/gu, '');
}

/** Courses, talks, tags and open calls: runs of anything but a-z and 0-9 become one hyphen, none at either end. */
export function slugify(source: string): string {
  return foldAccents(source)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Publications, projects and research areas: anything but a-z, 0-9, white
 * space and hyphens removed, white-space runs become a hyphen, repeated
 * hyphens collapsed, no hyphen at either end.
 */
export function slugifyVariant(source: string): string {
  return foldAccents(source)
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, '')
    .trim()
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

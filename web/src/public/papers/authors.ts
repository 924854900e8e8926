/**
 * Whether an author of a paper is the site's owner, whose name the paper page
 * emphasises. The hero stores a display name ("Dr. Zoë Ångström") and papers
 * store names as written in the reference ("Z. Ångström", "Ångström, Zoë"),
 * so both are reduced to a family name and given names before comparing.
 */

/** Titles and degrees that are part of a display name, not of the person's name. */
const HONORIFICS = new Set(['dr', 'prof', 'professor', 'mr', 'mrs', 'ms', 'phd', 'msc', 'md', 'jr', 'sr']);

type Name = { family: string; given: string[] };

function parse(name: string): Name | null {
  let text = name.normalize('NFC').toLocaleLowerCase('en');
  // "Family, Given" → "Given Family"
  const comma = text.indexOf(',');
  if (comma > 0) text = `${text.slice(comma + 1)} ${text.slice(0, comma)}`;
  const words = text
    .split(/[\s.]+/)
    .map((word) => word.replace(/[^\p{L}\p{M}'-]/gu, ''))
    .filter((word) => word !== '' && !HONORIFICS.has(word));
  const family = words.pop();
  return family === undefined ? null : { family, given: words };
}

/** Same family name, and each given name either equal or abbreviated to its initial. */
export function isSameAuthor(author: string, owner: string): boolean {
  const a = parse(author);
  const b = parse(owner);
  if (!a || !b || a.family !== b.family) return false;
  const count = Math.min(a.given.length, b.given.length);
  for (let i = 0; i < count; i++) {
    const x = a.given[i] ?? '';
    const y = b.given[i] ?? '';
    const abbreviated = x.length === 1 || y.length === 1;
    if (abbreviated ? x[0] !== y[0] : x !== y) return false;
  }
  return true;
}

/**
 * Initials for avatars and the navigation brand: 'Dr. Jane Doe' → 'JD'.
 *
 * Honorifics before the name (Dr., Prof., Mr., …) and post-nominals after it
 * ('PhD', ', Jr.', 'III', anything after a comma) are ignored; the first letter
 * of the first and of the last remaining word is used. No `Intl`: this also
 * runs in QuickJS on the server.
 */

const HONORIFICS = new Set([
  'dr',
  'doctor',
  'prof',
  'professor',
  'assoc',
  'associate',
  'asst',
  'assistant',
  'mr',
  'mrs',
  'ms',
  'miss',
  'mx',
  'sir',
  'dame',
  'rev',
]);

const POST_NOMINALS = new Set(['phd', 'dphil', 'msc', 'bsc', 'mba', 'jr', 'sr', 'ii', 'iii', 'iv', 'esq']);

function normalise(word: string): string {
  return word.replace(/[^\p{L}\p{N}]/gu, '').toLowerCase();
}

function firstLetter(word: string): string {
  for (const ch of word) {
    if (/[\p{L}\p{N}]/u.test(ch)) return ch.toUpperCase();
  }
  return '';
}

export function initials(name: string): string {
  // 'Jane Doe, PhD' → 'Jane Doe'
  const beforeComma = name.split(',')[0] ?? '';
  const words = beforeComma.split(/\s+/).filter((word) => normalise(word) !== '');
  while (words.length > 1 && HONORIFICS.has(normalise(words[0] ?? ''))) words.shift();
  while (words.length > 1 && POST_NOMINALS.has(normalise(words[words.length - 1] ?? ''))) words.pop();
  if (words.length === 0) return '';
  const first = firstLetter(words[0] ?? '');
  if (words.length === 1) return first;
  return first + firstLetter(words[words.length - 1] ?? '');
}

/**
 * COinS (ContextObjects in Spans, OpenURL 1.0 KEV): the one format a
 * reference manager's browser button (Zotero's COinS translator) reads as
 * "several items" on a page, so /publications carries one per paper while
 * the paper pages carry Highwire `citation_*` tags instead.
 */
import type { Publication } from '../../api/types';
import { plainMath } from '../math';

/** The bare DOI of a value written as a resolver URL or with a 'doi:' prefix. */
function bareDoi(doi: string): string {
  return doi.trim().replace(/^(?:https?:\/\/(?:dx\.)?doi\.org\/|doi:\s*)/i, '');
}

/** The format and genre Zotero maps to the right item type. */
function format(kind: Publication['kind']): { fmt: string; genre: string | null; titleKey: string; containerKey: string | null } {
  switch (kind) {
    case 'journal-article':
    case 'preprint':
      return { fmt: 'journal', genre: kind === 'preprint' ? 'preprint' : 'article', titleKey: 'atitle', containerKey: 'jtitle' };
    case 'conference-paper':
      return { fmt: 'book', genre: 'proceeding', titleKey: 'atitle', containerKey: 'btitle' };
    case 'book-chapter':
      return { fmt: 'book', genre: 'bookitem', titleKey: 'atitle', containerKey: 'btitle' };
    case 'book':
      return { fmt: 'book', genre: 'book', titleKey: 'btitle', containerKey: null };
    case 'report':
      return { fmt: 'book', genre: 'report', titleKey: 'btitle', containerKey: null };
    case 'thesis':
      return { fmt: 'dissertation', genre: null, titleKey: 'title', containerKey: null };
    case 'other':
      return { fmt: 'book', genre: 'document', titleKey: 'btitle', containerKey: null };
    default: {
      const unhandled: never = kind;
      return unhandled;
    }
  }
}

/** The `title` of a COinS span: `key=value` pairs, each value URL-encoded. */
export function coinsTitle(publication: Publication, pageUrl: string): string {
  const { fmt, genre, titleKey, containerKey } = format(publication.kind);
  const pairs: Array<[string, string | null | undefined]> = [
    ['ctx_ver', 'Z39.88-2004'],
    ['rft_val_fmt', `info:ofi/fmt:kev:mtx:${fmt}`],
    ['rfr_id', 'info:sid/vita'],
    ['rft.genre', genre],
    [`rft.${titleKey}`, plainMath(publication.title)],
    ...publication.authors.map((author): [string, string] => ['rft.au', author]),
    [
      'rft.date',
      publication.year === null
        ? null
        : publication.month
          ? `${publication.year}-${String(publication.month).padStart(2, '0')}`
          : String(publication.year),
    ],
    [containerKey ? `rft.${containerKey}` : '', containerKey ? plainMath(publication.venue) : null],
    // A thesis's or report's venue is its institution.
    ['rft.inst', publication.kind === 'thesis' ? publication.venue : null],
    ['rft.pub', publication.kind === 'report' ? publication.venue : publication.publisher],
    ['rft.volume', publication.volume],
    ['rft.issue', publication.issue],
    ['rft.pages', publication.pages],
    ['rft_id', publication.doi ? `info:doi/${bareDoi(publication.doi)}` : null],
    ['rft_id', pageUrl],
  ];
  const [first, last] = (publication.pages ?? '').split(/[-–—]+/).map((page) => page.trim());
  if (first) pairs.push(['rft.spage', first]);
  if (last) pairs.push(['rft.epage', last]);
  return pairs
    .filter((pair): pair is [string, string] => pair[0] !== '' && typeof pair[1] === 'string' && pair[1].trim() !== '')
    .map(([key, value]) => `${key}=${encodeURIComponent(value)}`)
    .join('&');
}

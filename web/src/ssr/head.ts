import type { RenderInput } from '../api/types';
import { escapeHtml } from '../lib/html';
import { pageMeta } from '../public/meta';

/** The page-specific part of <head>: title, description, canonical link (or
 *  noindex for pages that must not be indexed). Every value is HTML-escaped. */
export function renderHead(input: RenderInput): string {
  const meta = pageMeta(input);
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.canonicalUrl === null
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}">`,
  ];
  return tags.join('\n');
}

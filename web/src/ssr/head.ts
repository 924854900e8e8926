import type { RenderInput } from '../api/types';
import { escapeHtml } from '../lib/html';
import { pageHref } from '../public/components/Pagination';
import { absoluteUrl, listPagination, pageMeta } from '../public/meta';

/** The page-specific part of <head>: title, description, canonical link (or
 *  noindex for pages that must not be indexed), the neighbours of a page of a
 *  long list (rel prev / next), OpenGraph for a paper. Every
 *  value is HTML-escaped. A paper's scholarly tags (citation_*, JSON-LD) are
 *  added by the server (src/render/paper.rs), also inside <head>. */
export function renderHead(input: RenderInput): string {
  const meta = pageMeta(input);
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.canonicalUrl === null
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}">`,
  ];
  if (meta.openGraph && meta.canonicalUrl !== null) {
    const og = meta.openGraph;
    tags.push(
      `<meta property="og:type" content="${og.type}">`,
      `<meta property="og:title" content="${escapeHtml(og.title)}">`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
      `<meta property="og:url" content="${escapeHtml(meta.canonicalUrl)}">`,
      `<meta property="og:site_name" content="${escapeHtml(og.siteName)}">`,
    );
  }
  const pagination = listPagination(input.page);
  if (pagination) {
    const link = (rel: string, page: number) =>
      `<link rel="${rel}" href="${escapeHtml(absoluteUrl(input.site.base_url, pageHref(input.path, page)))}">`;
    if (pagination.page > 1) tags.push(link('prev', pagination.page - 1));
    if (pagination.page < pagination.pages) tags.push(link('next', pagination.page + 1));
  }
  return tags.join('\n');
}

import type { RenderInput } from '../api/types';
import { escapeHtml } from '../lib/html';
import { pageHref } from '../public/components/Pagination';
import { absoluteUrl, hreflangLinks, listPagination, pageMeta } from '../public/meta';

/** The page-specific part of <head>: title, description, canonical link (or
 *  noindex for pages that must not be indexed), the neighbours of a page of a
 *  long list (rel prev / next), and the link-preview card (OpenGraph and
 *  Twitter, og:url the canonical address) of every indexable page. Every
 *  value is HTML-escaped. The feed links, a paper's scholarly tags (citation_*,
 *  JSON-LD) and the owner's Person JSON-LD are added by the server
 *  (src/render/mod.rs), also inside <head>. */
export function renderHead(input: RenderInput): string {
  const meta = pageMeta(input);
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    meta.canonicalUrl === null
      ? '<meta name="robots" content="noindex">'
      : `<link rel="canonical" href="${escapeHtml(meta.canonicalUrl)}">`,
  ];
  if (meta.canonicalUrl !== null) {
    for (const link of hreflangLinks(input.site)) {
      tags.push(`<link rel="alternate" hreflang="${escapeHtml(link.hreflang)}" href="${escapeHtml(link.href)}">`);
    }
  }
  if (meta.openGraph && meta.canonicalUrl !== null) {
    const og = meta.openGraph;
    tags.push(
      `<meta property="og:type" content="${og.type}">`,
      `<meta property="og:title" content="${escapeHtml(og.title)}">`,
      `<meta property="og:description" content="${escapeHtml(meta.description)}">`,
      `<meta property="og:url" content="${escapeHtml(meta.canonicalUrl)}">`,
      `<meta property="og:site_name" content="${escapeHtml(og.siteName)}">`,
      `<meta property="og:image" content="${escapeHtml(meta.image ?? input.site.card_image.url)}">`,
      // The owner's photo is a portrait: a small card; the default image and a post's cover are wide: a large one.
      `<meta name="twitter:card" content="${!meta.image && input.site.card_image.photo ? 'summary' : 'summary_large_image'}">`,
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

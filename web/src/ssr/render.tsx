import './shims';
import { renderToString } from 'react-dom/server.browser';
import type { RenderInput } from '../api/types';
import { TranslateProvider } from '../i18n/context';
import { LANGUAGES, translatorFor } from '../i18n/index';
import { PageContent } from '../public/App';
import { SiteLayout } from '../public/components/SiteLayout';
import { sitePrefix } from '../public/language';
import { NAV_LINKS } from '../public/navigation';
import { renderHead } from './head';

export type RenderOutput = {
  /** HTML for <head>: title, description, canonical link. */
  head: string;
  /** HTML for inside <div id="root">. */
  body: string;
};

/** Stands in <main> while the frame is rendered; the page's content replaces it. */
const CONTENT_SLOT = '<!--vita:content-->';

/**
 * The frame (navigation bar, footer) of each navigation path, owner name, menu
 * and language, rendered once per engine. It is a third of a short page's elements, the same
 * on every render of that page, and React in an interpreter pays for every
 * element. The frame is rendered around a placeholder as `mainHtml` — exactly
 * what the browser hydrates (see SiteLayout) — and the content, rendered on
 * its own, goes in its place: React's markup for <main> holding the content
 * is the same either way, as nothing in the content depends on its position
 * in the tree (no useId, no context).
 */
const frames = new Map<string, string>();
/** The site's own pages (any menu links only these, and the owner's own links). */
const FRAME_PATHS = new Set(['/news', '/cv', '/publications/*', ...NAV_LINKS.map((link) => link.href)]);

/** The frame a path (without its language's prefix) shares with others: every
 *  paper page's frame is the same on a site of one language (the frame reads
 *  the path only to mark the current link, and 'Selected Publications' is
 *  current on all of them), so they share one entry, whatever the number of
 *  papers. With several languages the switcher links each paper's own
 *  versions: the key holds them (`frame`). */
function frameKey(path: string): string {
  return isPaperPath(path) ? '/publications/*' : path;
}

function isPaperPath(path: string): boolean {
  return /^\/publications\/[a-z0-9-]+\/?$/.test(path);
}

function frame(input: RenderInput): string {
  const prefix = sitePrefix(input.site);
  const path = frameKey(input.path.slice(prefix.length) || '/');
  // The menu is the owner's: a change of it is a new frame. The language switcher links
  // this page's versions, so a page's frame is its own when there are several.
  const languages = input.site.languages.length > 1 ? JSON.stringify(input.site.languages) : '';
  const key = `${path}\n${input.site.lang}\n${input.site.owner_name}\n${JSON.stringify(input.site.menu)}\n${languages}`;
  let html = frames.get(key);
  if (html === undefined) {
    html = renderToString(
      <TranslateProvider value={translatorFor(input.site.lang)}>
        <SiteLayout site={input.site} path={input.path} mainHtml={CONTENT_SLOT} />
      </TranslateProvider>,
    );
    // Only the site's own paths: a 404 page can have any path, and the owner
    // can rename themselves, so the cache would otherwise grow without bound.
    if (FRAME_PATHS.has(path)) {
      if (frames.size >= 4 * FRAME_PATHS.size * LANGUAGES.length) frames.clear();
      frames.set(key, html);
    }
  }
  return html;
}

/** The resource hints React writes first, before the markup (a preload of the
 *  hero's high-priority image): they lead the whole tree, not <main>. */
const LEADING_HINTS = /^(?:<link [^>]*\/>)+/;

export function render(input: RenderInput): RenderOutput {
  const content = renderToString(
    <TranslateProvider value={translatorFor(input.site.lang)}>
      <PageContent input={input} />
    </TranslateProvider>,
  );
  const hints = LEADING_HINTS.exec(content)?.[0] ?? '';
  const layout = frame(input);
  const slot = layout.indexOf(CONTENT_SLOT);
  return {
    head: renderHead(input),
    body: hints + layout.slice(0, slot) + content.slice(hints.length) + layout.slice(slot + CONTENT_SLOT.length),
  };
}

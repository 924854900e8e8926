import { useEffect, type ReactNode } from 'react';
import type { SiteInfo } from '../../api/types';
import { useT } from '../../i18n/context';
import { SiteFooter } from './SiteFooter';
import { PathPrefixProvider, sitePrefix } from '../language';
import { SiteHeader } from './SiteHeader';

/** The frame shows no fixed sentence: the browser hydrates it without them (main.tsx). */
type Props = { site: Omit<SiteInfo, 'texts'>; path: string } & (
  | { children: ReactNode; mainHtml?: undefined }
  /** In the browser: the server-rendered content of <main>, kept as it is. */
  | { children?: undefined; mainHtml: string }
);

/**
 * The frame of every public page: skip link, navigation bar, main, footer.
 *
 * The server renders the page's content inside <main> (`children`). The browser
 * hydrates the frame only and keeps that content as static HTML (`mainHtml`,
 * read from the server's markup before hydrating): the content has nothing
 * interactive, so its components never ship to the browser and the public
 * JavaScript stays React + this frame, whatever the pages hold.
 */
export function SiteLayout({ site, path, children, mainHtml }: Props) {
  const t = useT();
  useEffect(() => {
    // Marks the document as interactive (used by end-to-end tests and CSS).
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  // min-w-0 and overflow-wrap: anywhere: a word wider than the screen (a long URL in a
  // reference) breaks rather than widening <main>, and with it the page, past a phone's width.
  const mainProps = { id: 'main', tabIndex: -1, className: 'min-w-0 flex-1 pt-16 wrap-anywhere focus:outline-none' };
  return (
    <PathPrefixProvider value={sitePrefix(site)}>
      <div className="flex min-h-dvh flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg focus-ring"
        >
          {t('frame.skip_to_content')}
        </a>
        <SiteHeader ownerName={site.owner_name} path={path} links={site.menu} site={site} />
        {mainHtml === undefined ? (
          <main {...mainProps}>{children}</main>
        ) : (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: mainHtml is the server's own rendered <main> content read back from the DOM before hydrating (or the SSR placeholder), kept as it is
          <main {...mainProps} dangerouslySetInnerHTML={{ __html: mainHtml }} />
        )}
        <SiteFooter ownerName={site.owner_name} />
      </div>
    </PathPrefixProvider>
  );
}

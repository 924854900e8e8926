import type { ReactNode } from 'react';
import type { SiteInfo } from '../../api/types';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

/** The frame of every public page: skip link, navigation bar, main, footer. */
export function SiteLayout({ site, path, children }: { site: SiteInfo; path: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground focus:shadow-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        Skip to main content
      </a>
      <SiteHeader ownerName={site.owner_name} path={path} />
      <main id="main" tabIndex={-1} className="flex-1 pt-16 focus:outline-none">
        {children}
      </main>
      <SiteFooter ownerName={site.owner_name} />
    </div>
  );
}

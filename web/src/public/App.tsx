/**
 * The public site. The same component renders on the server (QuickJS, see
 * src/ssr/entry.tsx) and hydrates in the browser (src/public/main.tsx) from the
 * same `RenderInput`, so it must render identically in both: no `Intl`, no
 * `Date.now()`, nothing read from the browser before mount.
 */
import { useEffect } from 'react';
import type { PageData, RenderInput } from '../api/types';
import { SiteLayout } from './components/SiteLayout';
import { HomePage } from './pages/HomePage';
import { NotFoundPage } from './pages/NotFoundPage';

function PageContent({ page }: { page: PageData }) {
  switch (page.page) {
    case 'home':
      return <HomePage data={page.data} />;
    case 'not_found':
      return <NotFoundPage />;
    default: {
      const unhandled: never = page;
      return unhandled;
    }
  }
}

export function PublicApp({ input }: { input: RenderInput }) {
  useEffect(() => {
    // Marks the document as interactive (used by end-to-end tests and CSS).
    document.documentElement.dataset.hydrated = 'true';
  }, []);

  return (
    <SiteLayout site={input.site} path={input.path}>
      <PageContent page={input.page} />
    </SiteLayout>
  );
}

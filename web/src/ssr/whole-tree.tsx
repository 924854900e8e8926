/** For tests: a page rendered as one React tree, frame and content together,
 *  the reference the frame-caching render (./render.tsx) must equal. */
import { renderToString } from 'react-dom/server.browser';
import type { RenderInput } from '../api/types';
import { TranslateProvider } from '../i18n/context';
import { translatorFor } from '../i18n/index';
import { PageContent } from '../public/App';
import { SiteLayout } from '../public/components/SiteLayout';

export function wholeTreeMarkup(input: RenderInput): string {
  return renderToString(
    <TranslateProvider value={translatorFor(input.site.lang)}>
      <SiteLayout site={input.site} path={input.path}>
        <PageContent input={input} />
      </SiteLayout>
    </TranslateProvider>,
  );
}

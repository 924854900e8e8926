/**
 * Browser entry of the public pages: hydrates the server-rendered markup in
 * #root from the part of the `RenderInput` the server embeds as JSON in
 * #vita-data (path, site and page kind; the content is already HTML), with the
 * few words of the page's language the frame and the Copy buttons show
 * (`messages`: no catalogue is in this script).
 *
 * Only the frame is hydrated (navigation bar with its menu, scroll state and
 * theme toggle; footer): the page's content inside <main> has nothing
 * interactive and stays the server's HTML (see SiteLayout). Keep this entry
 * small: no router, no admin code, no page components.
 */
import '../styles.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { RenderInput, SiteInfo } from '../api/types';
import { TranslateProvider } from '../i18n/context';
import { type Messages, translator } from '../i18n/messages';
import { SiteLayout } from './components/SiteLayout';
import { enableCopyButtons } from './copy';

/** The part of the `RenderInput` the server embeds (the page's data and the owner's sentences are already HTML), and the words the browser shows. */
type HydrationInput = Pick<RenderInput, 'path'> & {
  site: Omit<SiteInfo, 'texts'>;
  page: Pick<RenderInput['page'], 'page'>;
  messages: Messages;
};

const data = document.getElementById('vita-data');
const root = document.getElementById('root');

if (data?.textContent && root) {
  const input = JSON.parse(data.textContent) as HydrationInput;
  const t = translator(input.messages);
  // The Cite section's Copy buttons live in the (not hydrated) page content.
  enableCopyButtons(t);
  const mainHtml = document.getElementById('main')?.innerHTML ?? '';
  hydrateRoot(
    root,
    <StrictMode>
      <TranslateProvider value={t}>
        <SiteLayout site={input.site} path={input.path} mainHtml={mainHtml} />
      </TranslateProvider>
    </StrictMode>,
  );
  if (input.page.page === 'not_found') {
    // Spec §2: an attempt to open an unknown path is logged to the console. The server sends
    // one 404 page for every unknown path, so the path is the address bar's.
    console.info(`404: no page at ${window.location.pathname}`);
  }
}

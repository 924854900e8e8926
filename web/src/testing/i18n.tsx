/** Components rendered on their own in tests get the page's language as the pages do (src/ssr/render.tsx). */
import type { ReactElement } from 'react';
import { TranslateProvider } from '../i18n/context';
import { translatorFor } from '../i18n/index';

export function inLanguage(lang: string, element: ReactElement): ReactElement {
  return <TranslateProvider value={translatorFor(lang)}>{element}</TranslateProvider>;
}

export function inEnglish(element: ReactElement): ReactElement {
  return inLanguage('en', element);
}

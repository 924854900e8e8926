/**
 * The page's language for components: a context holding its translation
 * function, provided once around the frame and once around the page's content
 * (src/ssr/render.tsx, src/public/main.tsx). A context renders no markup, so
 * the frame and the content still render on their own and fit together.
 */
import { createContext, type ReactNode, useContext } from 'react';
import type { Translate } from './messages';

const TranslateContext = createContext<Translate | null>(null);

export function TranslateProvider({ value, children }: { value: Translate; children: ReactNode }) {
  return <TranslateContext.Provider value={value}>{children}</TranslateContext.Provider>;
}

/** The translation function of the page's language. */
export function useT(): Translate {
  const translate = useContext(TranslateContext);
  if (!translate) throw new Error('useT: no TranslateProvider around this component');
  return translate;
}

/**
 * Texts shown in another language than the page's (issue 45): the server
 * shows a field's translation along the page's language chain, or the owner's
 * own text where there is none, and lists each text whose language is not the
 * page's (`RenderInput.text_langs`, keyed `<kind>:<item id>:<field>`). The
 * element holding such a text carries its `lang`, so a screen reader switches
 * voice; a text in the page's language gets no attribute.
 */
import { createContext, useContext } from 'react';

const TextLangs = createContext<Record<string, string>>({});

/** Gives the page's content the languages of its texts. */
export const TextLangsProvider = TextLangs.Provider;

/** `lang(kind, id, field)`: the language of that text when it is not the page's, else undefined (no attribute). */
export function useTextLang(): (kind: string, id: string, field: string) => string | undefined {
  const langs = useContext(TextLangs);
  return (kind, id, field) => langs[`${kind}:${id}:${field}`];
}

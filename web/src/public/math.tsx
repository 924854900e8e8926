/** TeX math in titles, abstracts, venues and rich text, as MathML made by the server
 *  (`src/rules/math.rs`) while it renders the page: the render engine defines these
 *  functions, and no math script ever reaches the browser. Where they do not exist (the
 *  browser, unit tests) the text is shown as it is. */

type Host = {
  vitaMathInline?: (text: string) => string;
  vitaMathBlocks?: (text: string) => string;
  vitaMathRich?: (html: string) => string;
  vitaMathPlain?: (text: string) => string;
};

const host = globalThis as Host;

/** Whether the text may hold math (`$`, `\(`, `\[`): the others skip the call. */
function mayHoldMath(text: string): boolean {
  return text.includes('$') || text.includes('\\');
}

/** The text with its math in Unicode (`$H_0$` → H₀) or as TeX without dollars: for the
 *  document title, meta tags and anything else that takes text only. */
export function plainMath(text: string): string {
  return host.vitaMathPlain && mayHoldMath(text) ? host.vitaMathPlain(text) : text;
}

/** Sanitised rich text with its math as MathML. */
export function richMath(html: string): string {
  return host.vitaMathRich && mayHoldMath(html) ? host.vitaMathRich(html) : html;
}

/** A text with its math as MathML; `blocks` lets `$$…$$` and `\[…\]` be displayed as blocks
 *  (abstracts, multi-line texts). Text without math is a plain React text node. */
export function MathText({ text, blocks = false }: { text: string; blocks?: boolean }) {
  const convert = blocks ? host.vitaMathBlocks : host.vitaMathInline;
  if (!convert || !mayHoldMath(text)) return <>{text}</>;
  const html = convert(text);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: the server made this HTML: the text escaped, the math as MathML Core with only its own elements and attributes (src/rules/math.rs)
  return <span dangerouslySetInnerHTML={{ __html: html }} />;
}

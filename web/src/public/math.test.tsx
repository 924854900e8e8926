/** Math in titles and texts: the server's MathML when the render engine provides it, the text
 *  as it is otherwise (the browser, these tests), and never a wrapper around text without math. */
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { MathText, plainMath, richMath } from './math';

type Host = Record<string, ((text: string) => string) | undefined>;
const host = globalThis as unknown as Host;

afterEach(() => {
  for (const name of ['vitaMathInline', 'vitaMathBlocks', 'vitaMathRich', 'vitaMathPlain']) delete host[name];
});

describe('MathText', () => {
  it('shows the text, escaped, where no server converts it', () => {
    expect(renderToString(<MathText text="$\Lambda$CDM <b>" />)).toBe('$\\Lambda$CDM &lt;b&gt;');
    expect(plainMath('$H_0$')).toBe('$H_0$');
    expect(richMath('<p>$x$</p>')).toBe('<p>$x$</p>');
  });

  it("uses the server's HTML for text with math, inline or with blocks", () => {
    host.vitaMathInline = (text) => `inline:${text}`;
    host.vitaMathBlocks = (text) => `blocks:${text}`;
    expect(renderToString(<MathText text="$x$" />)).toBe('<span>inline:$x$</span>');
    expect(renderToString(<MathText text="$$x$$" blocks />)).toBe('<span>blocks:$$x$$</span>');
  });

  it('leaves text without math a plain text node, without asking the server', () => {
    host.vitaMathInline = () => {
      throw new Error('not called');
    };
    expect(renderToString(<MathText text="Masking RISC-V & AES" />)).toBe('Masking RISC-V &amp; AES');
  });

  it('gives plain text and rich text to the server when they may hold math', () => {
    host.vitaMathPlain = () => 'ΛCDM';
    host.vitaMathRich = (html) => html.replace('$x$', '<math></math>');
    expect(plainMath('$\\Lambda$CDM')).toBe('ΛCDM');
    expect(plainMath('No math')).toBe('No math');
    expect(richMath('<p>$x$</p>')).toBe('<p><math></math></p>');
  });
});

// @vitest-environment happy-dom
/**
 * The paper page (/publications/<slug>) and the COinS of /publications as the
 * server renders them. The scholarly <head> tags (citation_*, JSON-LD) are
 * the server's (src/render/paper.rs, tested there); the bundle's part of the
 * head is the title, description, canonical link and OpenGraph.
 */
import { describe, expect, it } from 'vitest';
import { failOnConsoleNoise } from '../testing/console';
import type { PaperData, Publication, RenderInput } from '../api/types';
import { NO_FILTERS, ONE_PAGE, pageInput, publication, SITE } from '../testing/fixtures';
import { coinsTitle } from '../public/papers/coins';
import { render } from './render';
import { wholeTreeMarkup } from './whole-tree';

failOnConsoleNoise();

function paperInput(overrides: Partial<Publication> = {}, data: Partial<PaperData> = {}): RenderInput {
  const p = publication({ authors: ['Zoë Ångström', 'J. Doe', 'Çetin Kaya Koç'], ...overrides });
  return pageInput(`/publications/${p.slug}`, {
    page: 'paper',
    data: {
      publication: p,
      citations: { ieee: 'Z. Ångström, <i>IEEE Trans. Comput.</i>', apa: 'Ångström, Z. (2024). <i>Masking</i>.' },
      bibtex: '@article{masking,\n  title = {Masking & <friends>}\n}',
      pdf_href: p.pdf_url,
      cited_by: null,
      readership: null,
      ...data,
    },
  });
}

function dom(input: RenderInput) {
  const { head, body } = render(input);
  const root = document.createElement('div');
  root.innerHTML = body;
  return { head, root, main: root.querySelector('main') as HTMLElement };
}

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim() ?? '';

describe('paper page', () => {
  it('has the title, canonical link and OpenGraph in its head, and no citation tags of its own', () => {
    const { head } = dom(paperInput({ title: 'Masking </script> & more' }));
    expect(head).toContain(`<title>Masking &lt;/script&gt; &amp; more — ${SITE.owner_name}</title>`);
    expect(head).toContain(`<link rel="canonical" href="${SITE.base_url}/publications/side-channel-resistant-masking">`);
    expect(head).toContain('<meta property="og:type" content="article">');
    expect(head).toContain('<meta property="og:title" content="Masking &lt;/script&gt; &amp; more">');
    expect(head).toContain(`<meta property="og:url" content="${SITE.base_url}/publications/side-channel-resistant-masking">`);
    expect(head).toMatch(/<meta property="og:description" content="We present a masking scheme[^"]*">/);
    expect(head).not.toContain('citation_');
  });

  it('shows the paper: one h1, the authors in order with the owner emphasised, the details', () => {
    const { root, main } = dom(paperInput());
    expect(root.querySelectorAll('h1')).toHaveLength(1);
    expect(text(main.querySelector('article h1'))).toBe('Side-Channel Resistant Masking for Embedded Processors');
    const authors = main.querySelectorAll('ul[aria-label="Authors"] li');
    expect([...authors].map(text)).toEqual(['Zoë Ångström,', 'J. Doe,', 'Çetin Kaya Koç']);
    // The owner is 'Dr. Jane Doe' in the fixtures, written 'J. Doe' in the reference.
    expect([...main.querySelectorAll('ul[aria-label="Authors"] strong')].map(text)).toEqual(['J. Doe']);
    const details = [...main.querySelectorAll('dl dt')].map((dt) => `${text(dt)}: ${text(dt.nextElementSibling)}`);
    expect(details).toEqual([
      'Journal: IEEE Transactions on Computers',
      'Publisher: IEEE',
      'Volume: 73',
      'Issue: 4',
      'Pages: 1-14',
      'Date: March 2024',
      'DOI: 10.1109/TC.2024.1234567',
    ]);
    expect(text(main.querySelector('#abstract-title + p'))).toContain('We present a masking scheme');
  });

  it('shows "Cited by N" with the source and the day of the count, and nothing before a count', () => {
    const counted = dom(paperInput({}, { cited_by: { count: 1234, source: 'OpenAlex', counted_on: '2026-11-25' } })).main;
    expect(text(counted.querySelector('[data-cited-by]'))).toBe('Cited by 1234 (OpenAlex, 2026-11-25)');
    expect(counted.querySelector('[data-cited-by] time')?.getAttribute('datetime')).toBe('2026-11-25');
    expect(dom(paperInput()).main.querySelector('[data-cited-by]')).toBeNull();
  });

  it('says its readers when the server sends the figures, in the header, as text, and nothing otherwise', () => {
    const shown = dom(paperInput({}, { readership: { views: 312, downloads: 87, since: '2026-12-01' } }));
    const line = shown.main.querySelector('header [data-readership]');
    expect(text(line)).toBe('312 views · 87 PDF downloads since December 2026');
    expect(line?.tagName).toBe('P');
    expect(shown.root.querySelector('script:not([type])')).toBeNull();
    expect(dom(paperInput()).main.querySelector('[data-readership]')).toBeNull();
  });

  it('links the PDF, the DOI and the publisher page', () => {
    const { main } = dom(paperInput({ url: 'https://publisher.example/p' }));
    const hrefs = [...main.querySelectorAll('header a')].map((a) => `${text(a)} ${a.getAttribute('href')}`);
    expect(hrefs).toEqual([
      'PDF https://papers.example.org/masking.pdf',
      'DOI (opens in a new tab) https://doi.org/10.1109/TC.2024.1234567',
      'Publisher page (opens in a new tab) https://publisher.example/p',
    ]);
    const bare = dom(paperInput({ doi: null, url: null, pdf_url: null }, { pdf_href: null })).main;
    expect(bare.querySelectorAll('header a')).toHaveLength(0);
  });

  it('cites in IEEE and APA as the server made them, and the BibTeX as text, each with a Copy button', () => {
    const { main } = dom(paperInput());
    expect(main.querySelector('#cite-ieee')?.innerHTML).toBe('Z. Ångström, <i>IEEE Trans. Comput.</i>');
    expect(main.querySelector('#cite-apa')?.innerHTML).toBe('Ångström, Z. (2024). <i>Masking</i>.');
    expect(main.querySelector('#cite-bibtex')?.textContent).toBe('@article{masking,\n  title = {Masking & <friends>}\n}');
    const buttons = [...main.querySelectorAll('button[data-copy]')];
    expect(buttons.map((b) => b.getAttribute('data-copy'))).toEqual(['cite-ieee', 'cite-apa', 'cite-bibtex']);
    expect(buttons.map(text)).toEqual(['Copy IEEE reference', 'Copy APA reference', 'Copy BibTeX']);
    const download = main.querySelector('a[download]');
    expect(download?.getAttribute('href')).toBe('/publications/side-channel-resistant-masking.bib');
    expect(main.querySelector('#copy-status')?.getAttribute('aria-live')).toBe('polite');
  });

  it('is the markup of the whole tree, and every paper shares one frame', () => {
    for (const slug of ['first-paper', 'second-paper', 'first-paper']) {
      const input = paperInput({ slug });
      expect(render(input).body).toBe(wholeTreeMarkup(input));
      expect(render(input).body).toMatch(/<a [^>]*href="\/publications"[^>]*aria-current="page"/);
    }
  });
});

describe('COinS on /publications', () => {
  const decode = (title: string) =>
    title.split('&').map((pair) => {
      const [key, value] = pair.split('=');
      return [key, decodeURIComponent(value ?? '')];
    });

  it('one span per paper, its title the paper as an OpenURL context object', () => {
    const papers = [publication(), publication({ title: 'A Thesis & Co', slug: 'thesis', kind: 'thesis', venue: 'KTH' })];
    const input = pageInput('/publications', {
      page: 'publications',
      data: { publications: papers, scholar_url: '', pagination: ONE_PAGE, citations: null, ...NO_FILTERS },
    });
    const { main } = dom(input);
    const spans = [...main.querySelectorAll('span.Z3988')];
    expect(spans).toHaveLength(2);
    expect(spans.map((span) => span.getAttribute('title'))).toEqual(
      papers.map((p) => coinsTitle(p, `${SITE.base_url}/publications/${p.slug}`)),
    );
    expect(main.querySelectorAll('h3 a[href="/publications/thesis"]')).toHaveLength(1);
  });

  it('encodes every value and names each field of a journal article', () => {
    const title = coinsTitle(
      publication({ title: 'Masks & Keys = 100%', authors: ['Zoë Ångström', 'Çetin Kaya Koç'] }),
      'https://x.example/p',
    );
    expect(title).not.toMatch(/[ <>"]/);
    expect(decode(title)).toEqual([
      ['ctx_ver', 'Z39.88-2004'],
      ['rft_val_fmt', 'info:ofi/fmt:kev:mtx:journal'],
      ['rfr_id', 'info:sid/vita'],
      ['rft.genre', 'article'],
      ['rft.atitle', 'Masks & Keys = 100%'],
      ['rft.au', 'Zoë Ångström'],
      ['rft.au', 'Çetin Kaya Koç'],
      ['rft.date', '2024-03'],
      ['rft.jtitle', 'IEEE Transactions on Computers'],
      ['rft.pub', 'IEEE'],
      ['rft.volume', '73'],
      ['rft.issue', '4'],
      ['rft.pages', '1-14'],
      ['rft_id', 'info:doi/10.1109/TC.2024.1234567'],
      ['rft_id', 'https://x.example/p'],
      ['rft.spage', '1'],
      ['rft.epage', '14'],
    ]);
  });

  it('uses the format and genre a reference manager maps to each kind', () => {
    const formats = (['journal-article', 'conference-paper', 'preprint', 'book', 'book-chapter', 'thesis', 'report', 'other'] as const).map(
      (kind) => {
        const fields = new Map(decode(coinsTitle(publication({ kind }), 'https://x.example/p')) as Array<[string, string]>);
        return `${kind}: ${fields.get('rft_val_fmt')?.split(':').pop()} ${fields.get('rft.genre') ?? '-'}`;
      },
    );
    expect(formats).toEqual([
      'journal-article: journal article',
      'conference-paper: book proceeding',
      'preprint: journal preprint',
      'book: book book',
      'book-chapter: book bookitem',
      'thesis: dissertation -',
      'report: book report',
      'other: book document',
    ]);
  });
});

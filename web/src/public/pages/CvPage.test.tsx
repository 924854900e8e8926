// @vitest-environment happy-dom
/** /cv lays out the document the server built (`src/render/cv.rs`) and adds no wording of its own. */
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../testing/i18n';
import type { CvData, CvText } from '../../api/types';
import { CvPage } from './CvPage';

function dom(element: ReactElement): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(inEnglish(element));
  return root;
}

const text = (value: string, marks: Partial<CvText> = {}): CvText => ({ text: value, math: false, aside: false, link: null, ...marks });
const id = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;

const data: CvData = {
  pdf_url: '/cv.pdf',
  document: {
    sections: [
      {
        id: 'grants',
        title: 'Money Section',
        parts: [
          {
            kind: 'entries',
            heading: null,
            entries: [
              {
                id: id(1),
                when: 'Always',
                lines: [
                  { style: 'strong', texts: [text('Trusted chips')] },
                  { style: 'muted', texts: [text('VR · 4,000,000 SEK')] },
                ],
              },
            ],
          },
        ],
      },
      {
        id: 'students',
        title: 'People',
        parts: [
          {
            kind: 'entries',
            heading: 'Now',
            entries: [
              {
                id: id(2),
                when: '2021–present',
                lines: [
                  { style: 'strong', texts: [text('Ada'), text(' (PhD)', { aside: true })] },
                  { style: 'plain', texts: [text('Thesis: '), text('Masks', { math: true })] },
                ],
              },
            ],
          },
        ],
      },
      {
        id: 'projects',
        title: 'Things',
        parts: [
          {
            kind: 'entries',
            heading: null,
            entries: [{ id: id(3), when: '', lines: [{ style: 'strong', texts: [text('Compiler', { link: '/projects#compiler' })] }] }],
          },
        ],
      },
      {
        id: 'publications',
        title: 'Papers',
        parts: [
          {
            kind: 'references',
            heading: 'Journal Articles',
            numbered: true,
            references: [{ id: id(4), slug: 'work', title: 'Work', html: '<strong>G. Hopper</strong>, “Work,” 2024.' }],
          },
        ],
      },
      { id: `other-${id(5)}`, title: 'Languages', parts: [{ kind: 'rich_text', html: '<p>Swedish</p>' }] },
      { id: `other-${id(6)}`, title: 'Hobbies', parts: [] },
    ],
  },
};

describe('CvPage', () => {
  it('shows the sections, headings and texts as the server worded them', () => {
    const root = dom(<CvPage data={data} owner="Grace Hopper" />);
    const headings = [...root.querySelectorAll('h2, h3')].map((heading) => [heading.tagName, heading.id, heading.textContent]);
    expect(headings).toEqual([
      ['H2', 'cv-grants', 'Money Section'],
      ['H2', 'cv-students', 'People'],
      ['H3', '', 'Now'],
      ['H2', 'cv-projects', 'Things'],
      ['H2', 'cv-publications', 'Papers'],
      ['H3', '', 'Journal Articles'],
      ['H2', `cv-other-${id(5)}`, 'Languages'],
      ['H2', `cv-other-${id(6)}`, 'Hobbies'],
    ]);
    const lines = [...root.querySelectorAll('li p')].map((line) => [line.className, line.textContent]);
    expect(lines).toEqual([
      ['font-semibold', 'Trusted chips'],
      ['text-muted-foreground', 'VR · 4,000,000 SEK'],
      ['font-semibold', 'Ada (PhD)'],
      ['', 'Thesis: Masks'],
      ['font-semibold', 'Compiler'],
    ]);
    expect(root.querySelector('li span')?.textContent).toBe('Always');
    expect(root.querySelector('p.font-semibold span.font-normal')?.textContent).toBe(' (PhD)');
    expect(root.querySelector('a[href="/projects#compiler"]')?.textContent).toBe('Compiler');
    expect(root.querySelector('a[href="/publications/work"]')?.textContent).toBe('Details: Work');
    expect(root.querySelector('ol strong')?.textContent).toBe('G. Hopper');
    expect(root.textContent).toContain('Swedish');
    expect(root.querySelector('a[href="/cv.pdf"]')?.textContent).toContain('Download PDF');
    expect(root.textContent).not.toContain('Nothing has been added to the CV yet.');
  });

  it("marks a text in another language than the page's with its own (issue 45)", () => {
    const entries: CvData['document']['sections'][number]['parts'][number] = {
      kind: 'entries',
      heading: null,
      entries: [{ id: id(1), when: '2012', lines: [{ style: 'strong', texts: [text('PhD, ', { lang: 'en' }), text('Informatik')] }] }],
    };
    const mixed: CvData = {
      pdf_url: '/cv.pdf',
      document: {
        sections: [
          { id: 'education', title: 'Ausbildung', parts: [entries] },
          { id: `other-${id(5)}`, title: 'Languages', lang: 'en', parts: [{ kind: 'rich_text', html: '<p>Swedish</p>', lang: 'en' }] },
        ],
      },
    };
    const root = dom(<CvPage data={mixed} owner="Grace Hopper" />);
    expect([...root.querySelectorAll('[lang]')].map((element) => [element.tagName, element.textContent])).toEqual([
      ['SPAN', 'PhD, '],
      ['H2', 'Languages'],
      ['DIV', 'Swedish'],
    ]);
    expect(root.querySelector('h2#cv-education')?.hasAttribute('lang')).toBe(false);
  });

  it('says so when nothing has been added', () => {
    const root = dom(<CvPage data={{ pdf_url: '/cv.pdf', document: { sections: [] } }} owner="Grace Hopper" />);
    expect(root.querySelectorAll('h2')).toHaveLength(0);
    expect(root.textContent).toContain('Nothing has been added to the CV yet.');
  });
});

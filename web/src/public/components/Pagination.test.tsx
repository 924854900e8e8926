// @vitest-environment happy-dom
/** The links between the pages of a long list: plain links (no JavaScript), page 1 at the bare path. */
import { renderToString } from 'react-dom/server';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../testing/i18n';
import { pageHref, pageNumbers, Pagination } from './Pagination';

function dom(element: ReactElement): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = renderToString(inEnglish(element));
  return root;
}

const links = (root: HTMLElement) =>
  [...root.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')]);

describe('Pagination', () => {
  it('is nothing for a list of one page', () => {
    expect(dom(<Pagination path="/news" pagination={{ page: 1, pages: 1 }} />).innerHTML).toBe('');
  });

  it('links the neighbours and numbered pages, page 1 at the bare path, the current page marked', () => {
    const root = dom(<Pagination path="/news" pagination={{ page: 2, pages: 3 }} byDate />);
    const nav = root.querySelector('nav');
    expect(nav?.getAttribute('aria-label')).toBe('Pagination');
    expect(links(root)).toEqual([
      ['Newer', '/news', null],
      ['1', '/news', null],
      ['2', '/news?page=2', 'page'],
      ['3', '/news?page=3', null],
      ['Older', '/news?page=3', null],
    ]);
    expect(root.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/news');
    expect(root.querySelector('a[rel="next"]')?.getAttribute('href')).toBe('/news?page=3');
    expect(root.querySelector('a[aria-current="page"]')?.getAttribute('aria-label')).toBe('Page 2');
    expect(nav?.textContent).toContain('Page 2 of 3');
  });

  it('has no step back on the first page and none forward on the last', () => {
    const first = dom(<Pagination path="/talks" pagination={{ page: 1, pages: 4 }} byDate />);
    expect(first.querySelector('a[rel="prev"]')).toBeNull();
    expect(first.querySelector('a[rel="next"]')?.textContent).toBe('Older');
    const last = dom(<Pagination path="/talks" pagination={{ page: 4, pages: 4 }} byDate />);
    expect(last.querySelector('a[rel="next"]')).toBeNull();
    expect(last.textContent).not.toContain('Older');
    expect(last.querySelector('a[rel="prev"]')?.getAttribute('href')).toBe('/talks?page=3');
  });

  it('shows the first, last and neighbouring pages with gaps between, never a gap of one page', () => {
    expect(pageNumbers({ page: 1, pages: 1 })).toEqual([1]);
    expect(pageNumbers({ page: 1, pages: 9 })).toEqual([1, 2, null, 9]);
    expect(pageNumbers({ page: 5, pages: 9 })).toEqual([1, null, 4, 5, 6, null, 9]);
    expect(pageNumbers({ page: 3, pages: 9 })).toEqual([1, 2, 3, 4, null, 9]);
    expect(pageNumbers({ page: 9, pages: 9 })).toEqual([1, null, 8, 9]);
    expect(pageNumbers({ page: 200, pages: 200 })).toEqual([1, null, 199, 200]);
  });

  it('writes page 1 as the bare path', () => {
    expect(pageHref('/publications', 1)).toBe('/publications');
    expect(pageHref('/publications', 7)).toBe('/publications?page=7');
  });
});

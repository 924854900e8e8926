// @vitest-environment happy-dom
/** The navigation bar shows the owner's menu as the server made it (src/render/menu.rs). */
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { inEnglish } from '../../testing/i18n';
import type { MenuLink } from '../../api/types';
import { NAV_LINKS } from '../navigation';
import { SiteHeader } from './SiteHeader';

function lists(links: readonly MenuLink[], path: string) {
  const root = document.createElement('div');
  root.innerHTML = renderToString(inEnglish(<SiteHeader ownerName="Dr. Jane Doe" path={path} links={links} />));
  return [...root.querySelectorAll('nav ul')].map((list) =>
    [...list.querySelectorAll('a')]
      .filter((a) => a.getAttribute('href') !== '/admin')
      .map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current'), a.getAttribute('target')]),
  );
}

describe('SiteHeader', () => {
  it("shows the spec's menu when given it, on the desktop and in the phone's menu", () => {
    const [desktop, phone] = lists(NAV_LINKS, '/about');
    expect(desktop?.map(([label]) => label)).toEqual(NAV_LINKS.map((link) => link.label));
    expect(phone).toEqual(desktop);
    expect(desktop?.filter(([, , current]) => current === 'page')).toEqual([['About', '/about', 'page', null]]);
  });

  it("shows the owner's order, pages and links, and marks the current page", () => {
    const menu: MenuLink[] = [
      { href: '/', label: 'Home' },
      { href: '/news', label: 'News' },
      { href: '/cv', label: 'CV' },
      { href: 'https://lab.example.org/', label: 'Lab' },
    ];
    const [desktop, phone] = lists(menu, '/news');
    expect(desktop).toEqual([
      ['Home', '/', null, null],
      ['News', '/news', 'page', null],
      ['CV', '/cv', null, null],
      // A link elsewhere is a normal link: it opens in the same tab, and is never current.
      ['Lab', 'https://lab.example.org/', null, null],
    ]);
    expect(phone).toEqual(desktop);
    expect(lists(menu, '/blog')[0]?.some(([label]) => label === 'Blog')).toBe(false);
  });

  it("keeps a menu longer than the spec's English one behind the menu button up to 1536 px", () => {
    const desktopList = (links: readonly MenuLink[]) => {
      const root = document.createElement('div');
      root.innerHTML = renderToString(inEnglish(<SiteHeader ownerName="Dr. Jane Doe" path="/" links={links} />));
      return root.querySelector('nav ul')?.className ?? '';
    };
    expect(desktopList(NAV_LINKS)).toMatch(/(^| )xl:flex/);
    const german = NAV_LINKS.map((link) => ({ ...link, label: `${link.label}enlänger` }));
    expect(desktopList(german)).toMatch(/(^| )2xl:flex/);
    expect(desktopList(german)).not.toMatch(/(^| )xl:flex/);
  });
});

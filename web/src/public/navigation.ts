import type { MenuLink } from '../api/types';

/**
 * The spec's navigation bar (§2 "Navigation bar"), in display order: the menu
 * of a site whose owner never changed it (`Menu::default` in
 * src/content/settings.rs, which the pages get as `SiteInfo.menu`).
 */
export const NAV_LINKS: readonly MenuLink[] = [
  { href: '/', label: 'Home' },
  { href: '/about', label: 'About' },
  { href: '/research', label: 'Research' },
  { href: '/publications', label: 'Selected Publications' },
  { href: '/projects', label: 'Projects' },
  { href: '/teaching', label: 'Teaching' },
  { href: '/students', label: 'Students' },
  { href: '/talks', label: 'Talks' },
  { href: '/open-calls', label: 'Open Calls' },
  { href: '/blog', label: 'Blog' },
  { href: '/contact', label: 'Contact' },
];

export const ADMIN_HREF = '/admin';

/** Whether `href` is the current route: '/' only on the home page, any other
 *  link on its own path and below it ('/publications/some-paper'). On a page
 *  of another language both carry its prefix ('/de', '/de/news'). */
export function isCurrentRoute(href: string, path: string, prefix = ''): boolean {
  const strip = (address: string) =>
    prefix && (address === prefix || address.startsWith(`${prefix}/`)) ? address.slice(prefix.length) || '/' : address;
  const [link, page] = [strip(href), strip(path)];
  const current = page.length > 1 ? page.replace(/\/+$/, '') : page;
  if (link === '/') return current === '/';
  return current === link || current.startsWith(`${link}/`);
}

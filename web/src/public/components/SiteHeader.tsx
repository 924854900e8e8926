import { Menu, X } from '../../components/icons';
import { useEffect, useState } from 'react';
import { ThemeToggle } from '../../components/ThemeToggle';
import { buttonClassName } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { initials } from '../../lib/initials';
import type { MenuLink } from '../../api/types';
import type { SiteInfo } from '../../api/types';
import { useT } from '../../i18n/context';
import { sitePrefix } from '../language';
import { ADMIN_HREF, isCurrentRoute } from '../navigation';
import { LanguageSwitcher } from './LanguageSwitcher';

/**
 * The characters of menu labels that fit in one row beside the owner's name and the bar's
 * buttons from 1280 px (`xl`): the spec's English menu (88) does. A longer one (German's
 * words are a quarter longer, an owner's added pages and links, the language switcher, counted
 * as 10) opens from the menu button up to 1536 px (`2xl`), rather than pushing the Admin and
 * theme buttons off the screen.
 */
const XL_MENU_CHARACTERS = 92;

function menuLength(links: readonly MenuLink[], switcher: boolean): number {
  return links.reduce((length, link) => length + link.label.length, 0) + (switcher ? 10 : 0);
}

/** Past this many pixels of scroll the bar gets its blurred background and border. */
const SCROLL_THRESHOLD = 20;

function useScrolledPast(threshold: number): boolean {
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    const update = () => setScrolled(window.scrollY > threshold);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [threshold]);
  return scrolled;
}

const MOBILE_NAV_ID = 'site-mobile-nav';

/**
 * The public navigation bar. Links are plain <a href>: every public page is its
 * own server-rendered document. `links` is the owner's menu as the server made
 * it (src/render/menu.rs); a link of the owner's to another site is a normal
 * link too.
 */
export function SiteHeader({
  ownerName,
  path,
  links,
  site = { lang: 'en', languages: [] },
}: {
  ownerName: string;
  path: string;
  links: readonly MenuLink[];
  /** The page's language and its versions in the others (the switcher). */
  site?: Pick<SiteInfo, 'lang' | 'languages'>;
}) {
  const t = useT();
  const prefix = sitePrefix(site);
  const scrolled = useScrolledPast(SCROLL_THRESHOLD);
  const [menuOpen, setMenuOpen] = useState(false);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const solid = scrolled || menuOpen;
  // A menu longer than the spec's English one stays behind the menu button up to 1536 px.
  const long = menuLength(links, site.languages.length > 1) > XL_MENU_CHARACTERS;

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cn(
        'fixed inset-x-0 top-0 z-50 border-b transition-[background-color,border-color,box-shadow] duration-200 print:hidden',
        solid
          ? 'border-border bg-background/80 shadow-sm backdrop-blur-md supports-[backdrop-filter]:bg-background/70'
          : 'border-transparent bg-transparent',
      )}
    >
      <nav aria-label={t('frame.main_navigation')}>
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <a
            href={prefix || '/'}
            className="group flex min-w-0 items-center gap-2.5 rounded-lg focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
          >
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold tracking-wide text-primary-foreground shadow-sm"
            >
              {initials(ownerName)}
            </span>
            <span className="hidden max-w-[16rem] truncate font-semibold tracking-tight min-[360px]:block xl:max-w-[10rem] 2xl:max-w-[16rem]">
              {ownerName}
            </span>
            <span className="sr-only min-[360px]:hidden">{ownerName}</span>
          </a>

          <ul className={cn('ml-auto hidden items-center', long ? '2xl:flex' : 'xl:flex')}>
            {links.map((link) => (
              <li key={link.href}>
                <NavItem href={link.href} label={link.label} current={isCurrentRoute(link.href, path, prefix)} />
              </li>
            ))}
          </ul>

          <div className={cn('ml-auto flex shrink-0 items-center gap-1', long ? '2xl:ml-2' : 'xl:ml-2')}>
            <LanguageSwitcher site={site} />
            <a href={ADMIN_HREF} className={buttonClassName('outline', 'sm')}>
              {t('frame.admin')}
            </a>
            <ThemeToggle
              labels={{ toggle: t('frame.toggle_theme'), toDark: t('frame.switch_to_dark'), toLight: t('frame.switch_to_light') }}
            />
            <button
              type="button"
              className={buttonClassName('ghost', 'icon', long ? '2xl:hidden' : 'xl:hidden')}
              aria-expanded={menuOpen}
              aria-controls={MOBILE_NAV_ID}
              aria-label={menuOpen ? t('frame.close_menu') : t('frame.open_menu')}
              onClick={() => setMenuOpen((open) => !open)}
            >
              {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
            </button>
          </div>
        </div>

        <div
          id={MOBILE_NAV_ID}
          hidden={!menuOpen}
          className={cn(
            'max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-border bg-background',
            long ? '2xl:hidden' : 'xl:hidden',
          )}
        >
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
            {links.map((link) => (
              <li key={link.href}>
                <NavItem
                  href={link.href}
                  label={link.label}
                  current={isCurrentRoute(link.href, path, prefix)}
                  block
                  onNavigate={() => setMenuOpen(false)}
                />
              </li>
            ))}
            <li className="mt-2 border-t border-border pt-3">
              <a href={ADMIN_HREF} className={buttonClassName('outline', 'md', 'w-full')} onClick={() => setMenuOpen(false)}>
                {t('frame.admin')}
              </a>
            </li>
          </ul>
        </div>
      </nav>
    </header>
  );
}

function NavItem({
  href,
  label,
  current,
  block = false,
  onNavigate,
}: {
  href: string;
  label: string;
  current: boolean;
  block?: boolean;
  onNavigate?: () => void;
}) {
  return (
    <a
      href={href}
      aria-current={current ? 'page' : undefined}
      onClick={onNavigate}
      className={cn(
        'nav-link',
        block ? 'block px-3 py-2.5 text-base' : 'px-2 py-2',
        current ? 'bg-accent text-accent-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      {label}
    </a>
  );
}

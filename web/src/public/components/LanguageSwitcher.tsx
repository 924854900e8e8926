/**
 * The language switcher of the navigation bar (issue 45), on every page of a
 * site with more than one language: each language by its own name, linking to
 * this page in it (its translation, or the page shown in the fallback
 * language). A disclosure (<details>), so it opens with the keyboard and
 * without JavaScript; Escape closes it and gives the focus back. Where the bar
 * is short of room (a phone, and beside the full menu below 2xl) it shows the
 * language's tag, naming the language to screen readers all the same.
 */
import type { KeyboardEvent } from 'react';
import type { SiteInfo } from '../../api/types';
import { ChevronDown, Globe } from '../../components/icons';
import { buttonClassName } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useT } from '../../i18n/context';
import { currentVersion } from '../language';

export function LanguageSwitcher({ site }: { site: Pick<SiteInfo, 'lang' | 'languages'> }) {
  const t = useT();
  if (site.languages.length < 2) return null;
  const current = currentVersion(site);
  const onKeyDown = (event: KeyboardEvent<HTMLDetailsElement>) => {
    if (event.key !== 'Escape' || !event.currentTarget.open) return;
    event.currentTarget.open = false;
    event.currentTarget.querySelector('summary')?.focus();
  };
  return (
    <details className="group relative" onKeyDown={onKeyDown}>
      <summary className={cn(buttonClassName('ghost', 'sm'), 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
        <Globe aria-hidden="true" />
        <span className="sr-only">{t('frame.language')}: </span>
        <span lang={current?.lang} className="max-sm:sr-only xl:max-2xl:sr-only">
          {current?.name}
        </span>
        <span lang={current?.lang} aria-hidden="true" className="sm:max-xl:hidden 2xl:hidden">
          {current?.lang}
        </span>
        <ChevronDown aria-hidden="true" className="transition-transform group-open:rotate-180" />
      </summary>
      <ul
        aria-label={t('frame.language')}
        className="absolute right-0 z-10 mt-2 min-w-44 rounded-lg border border-border bg-background p-1 text-foreground shadow-lg"
      >
        {site.languages.map((version) => (
          <li key={version.lang}>
            <a
              href={version.path}
              lang={version.lang}
              hrefLang={version.lang}
              aria-current={version.lang === site.lang ? 'true' : undefined}
              className={cn(
                'block rounded-md px-3 py-2 text-sm focus-ring',
                version.lang === site.lang ? 'bg-accent font-medium text-accent-foreground' : 'hover:bg-muted',
              )}
            >
              {version.name}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

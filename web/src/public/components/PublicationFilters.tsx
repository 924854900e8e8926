/**
 * The filters of /publications (issue 16): a plain GET form (works without
 * JavaScript; the page content is never hydrated) and the active filters, each
 * with a link that removes it. The server ignores invalid values, and only
 * valid ones come back in `filters`.
 */
import type { PublicationFilters as Filters, PublicationKind, Tag } from '../../api/types';
import { PUBLICATION_KINDS } from '../../api/rules';
import { X } from '../../components/icons';
import { buttonClassName } from '../../components/ui/button';
import { CONTROL_CLASS } from '../../components/ui/input';
import { useT } from '../../i18n/context';
import type { Translate } from '../../i18n/messages';
import { cn } from '../../lib/cn';
import { useLocalized } from '../language';

type Key = keyof Filters;

/** The address of /publications with `filters` (in the server's order), page 1. Built by
 *  hand: the server-render engine (QuickJS) has no URLSearchParams. */
export function filtersHref(filters: Filters): string {
  const pairs: Array<[string, string]> = [];
  if (filters.kind) pairs.push(['kind', filters.kind]);
  if (filters.year !== null) pairs.push(['year', String(filters.year)]);
  if (filters.tag) pairs.push(['tag', filters.tag]);
  if (filters.q) pairs.push(['q', filters.q]);
  const query = pairs.map(([key, value]) => `${key}=${encodeURIComponent(value).replace(/%20/g, '+')}`).join('&');
  return query ? `/publications?${query}` : '/publications';
}

function kindLabel(t: Translate, kind: PublicationKind): string {
  return t(`kind.${kind}`);
}

const FIELD = cn(CONTROL_CLASS, 'h-10 py-2');

export function PublicationFilterForm({ filters, tags, years }: { filters: Filters; tags: Tag[]; years: number[] }) {
  const local = useLocalized();
  const t = useT();
  return (
    <form
      method="get"
      action={local('/publications')}
      aria-label={t('filters.form')}
      className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto] lg:items-end"
    >
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('filters.search')}
        <input
          type="search"
          name="q"
          defaultValue={filters.q ?? ''}
          maxLength={100}
          placeholder={t('filters.search_placeholder')}
          className={FIELD}
        />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('filters.kind')}
        <select name="kind" defaultValue={filters.kind ?? ''} className={FIELD}>
          <option value="">{t('filters.any_kind')}</option>
          {PUBLICATION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabel(t, kind)}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('filters.year')}
        <select name="year" defaultValue={filters.year === null ? '' : String(filters.year)} className={FIELD}>
          <option value="">{t('filters.any_year')}</option>
          {years.map((year) => (
            <option key={year} value={year}>
              {year}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        {t('filters.tag')}
        <select name="tag" defaultValue={filters.tag ?? ''} className={FIELD}>
          <option value="">{t('filters.any_tag')}</option>
          {tags.map((tag) => (
            <option key={tag.id} value={tag.slug}>
              {tag.name}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClassName('primary', 'md')}>
        {t('filters.submit')}
      </button>
    </form>
  );
}

/** What each active filter shows, e.g. 'Year: 2024'. */
function describe(t: Translate, key: Key, filters: Filters, tags: Tag[]): string {
  switch (key) {
    case 'kind':
      return t('filters.active_kind', { value: filters.kind ? kindLabel(t, filters.kind) : '' });
    case 'year':
      return t('filters.active_year', { value: String(filters.year) });
    case 'tag':
      return t('filters.active_tag', { value: tags.find((tag) => tag.slug === filters.tag)?.name ?? filters.tag ?? '' });
    case 'q':
      return t('filters.active_search', { value: filters.q ?? '' });
    default: {
      const unhandled: never = key;
      return unhandled;
    }
  }
}

const KEYS: Key[] = ['kind', 'year', 'tag', 'q'];

export function ActiveFilters({ filters, tags }: { filters: Filters; tags: Tag[] }) {
  const local = useLocalized();
  const t = useT();
  const active = KEYS.filter((key) => filters[key] !== null);
  if (active.length === 0) return null;
  return (
    <div className="mt-6 flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium">{t('filters.filtered_by')}</span>
      <ul aria-label={t('filters.active')} className="flex flex-wrap gap-2">
        {active.map((key) => (
          <li key={key}>
            <a
              href={local(filtersHref({ ...filters, [key]: null }))}
              aria-label={t('filters.remove', { filter: describe(t, key, filters, tags) })}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-muted px-3 py-1 text-foreground hover:underline focus-ring"
            >
              {describe(t, key, filters, tags)}
              <X aria-hidden="true" className="size-3.5" />
            </a>
          </li>
        ))}
      </ul>
      <a href={local('/publications')} className="font-medium text-primary underline-offset-4 hover:underline focus-ring">
        {t('filters.clear')}
      </a>
    </div>
  );
}

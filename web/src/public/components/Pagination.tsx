/**
 * The links between the pages of a long public list (`?page=N`): plain links,
 * so they work without JavaScript (the page content is never hydrated). Page 1
 * is the bare path, the list's canonical address.
 */
import type { Pagination as PageInfo } from '../../api/types';
import { ArrowLeft, ArrowRight } from '../../components/icons';
import { buttonClassName } from '../../components/ui/button';
import { useT } from '../../i18n/context';
import { cn } from '../../lib/cn';
import { useLocalized } from '../language';

/** The address of page `page` of the list at `path` (which may carry filters: `/publications?year=2024`). */
export function pageHref(path: string, page: number): string {
  return page <= 1 ? path : `${path}${path.includes('?') ? '&' : '?'}page=${page}`;
}

/** The page numbers to link, with `null` for a gap: the first and last pages,
 *  and the pages either side of the current one. A gap of one page shows that
 *  page instead of an ellipsis. */
export function pageNumbers({ page, pages }: PageInfo): Array<number | null> {
  const shown = new Set([1, pages, page - 1, page, page + 1].filter((n) => n >= 1 && n <= pages));
  const sorted = [...shown].sort((a, b) => a - b);
  const out: Array<number | null> = [];
  for (const n of sorted) {
    const previous = out[out.length - 1];
    if (typeof previous === 'number' && n - previous === 2) out.push(previous + 1);
    else if (typeof previous === 'number' && n - previous > 2) out.push(null);
    out.push(n);
  }
  return out;
}

const STEP = buttonClassName('outline', 'md');

/** Nothing for a list of one page. The steps are 'Previous' and 'Next', or
 *  'Newer' and 'Older' on lists ordered by date (`byDate`). */
export function Pagination({ path, pagination, byDate = false }: { path: string; pagination: PageInfo; byDate?: boolean }) {
  const t = useT();
  const local = useLocalized();
  const previous = byDate ? t('pagination.newer') : t('pagination.previous');
  const next = byDate ? t('pagination.older') : t('pagination.next');
  const { page, pages } = pagination;
  if (pages <= 1) return null;
  const href = (n: number) => local(pageHref(path, n));
  return (
    <nav aria-label={t('pagination.label')} className="mt-12 flex items-center justify-between gap-3 border-t border-border pt-8">
      <div className="flex flex-1">
        {page > 1 && (
          <a href={href(page - 1)} rel="prev" className={STEP}>
            <ArrowLeft aria-hidden="true" />
            {previous}
          </a>
        )}
      </div>
      <p className="text-sm whitespace-nowrap text-muted-foreground sm:hidden">{t('pagination.page_of', { page, pages })}</p>
      <ol className="hidden items-center gap-1 sm:flex">
        {pageNumbers(pagination).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own; at most two, in fixed places
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={n}>
              <a
                href={href(n)}
                aria-label={t('pagination.page', { page: n })}
                aria-current={n === page ? 'page' : undefined}
                className={cn(buttonClassName(n === page ? 'primary' : 'ghost', 'sm'), 'min-w-9 tabular-nums')}
              >
                {n}
              </a>
            </li>
          ),
        )}
      </ol>
      <div className="flex flex-1 justify-end">
        {page < pages && (
          <a href={href(page + 1)} rel="next" className={STEP}>
            {next}
            <ArrowRight aria-hidden="true" />
          </a>
        )}
      </div>
    </nav>
  );
}

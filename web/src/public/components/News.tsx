import { Calendar } from '../../components/icons';
import type { NewsItem, SiteInfo } from '../../api/types';
import { cn } from '../../lib/cn';
import { useT } from '../../i18n/context';
import { dateText } from '../../i18n/format';
import { CARD, EmptyState, ExternalTextLink, Paragraphs, Skeletons } from './ui';
import { TagChips } from './Tags';
import { MathText } from '../math';
import { useLocalized } from '../language';
import { sentence } from '../sentences';
import { useTextLang } from '../text-lang';

function NewsDate({ date }: { date: string }) {
  const t = useT();
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
      <Calendar aria-hidden="true" className="size-4" />
      <time dateTime={date}>{dateText(t, date)}</time>
    </p>
  );
}

/** Home page: the latest news (3), each linking to its entry on /news; 3 placeholders while loading. */
export function LatestNewsGrid({ items, loading = false }: { items: NewsItem[]; loading?: boolean }) {
  const local = useLocalized();
  const grid = 'grid gap-6 md:grid-cols-3';
  const lang = useTextLang();
  if (loading) return <Skeletons count={3} className={grid} />;
  return (
    <ul className={grid}>
      {items.map((item) => (
        <li key={item.id} className={cn(CARD, 'relative flex flex-col gap-3 p-6 transition-shadow hover:shadow-md')}>
          <NewsDate date={item.date} />
          <h3 lang={lang('news', item.id, 'title')} className="text-lg leading-snug font-semibold tracking-tight">
            <a href={local(`/news#news-${item.id}`)} className="rounded-sm hover:text-primary focus-ring">
              <MathText text={item.title} />
            </a>
          </h3>
          <p lang={lang('news', item.id, 'content')} className="line-clamp-3 text-sm leading-relaxed text-muted-foreground">
            <MathText text={item.content} />
          </p>
        </li>
      ))}
    </ul>
  );
}

/** The /news page: every published item, newest first. */
export function NewsList({ items, site }: { items: NewsItem[]; site: SiteInfo }) {
  const lang = useTextLang();
  if (items.length === 0) return <EmptyState>{sentence(site, 'news.empty')}</EmptyState>;
  return (
    <ol className="relative space-y-8 border-l-2 border-border pl-6 sm:pl-8">
      {items.map((item) => (
        <li key={item.id} id={`news-${item.id}`} className="relative">
          <span
            aria-hidden="true"
            className="absolute top-1.5 -left-[calc(1.5rem+7px)] size-3 rounded-full bg-primary ring-4 ring-background sm:-left-[calc(2rem+7px)]"
          />
          <article className="flex flex-col gap-3">
            <NewsDate date={item.date} />
            <h2 lang={lang('news', item.id, 'title')} className="text-xl font-semibold tracking-tight">
              <MathText text={item.title} />
            </h2>
            <Paragraphs text={item.content} lang={lang('news', item.id, 'content')} className="text-muted-foreground" />
            <TagChips tags={item.tags} />
            {item.link_url && (
              <p>
                <ExternalTextLink href={item.link_url}>
                  <span lang={item.link_text ? lang('news', item.id, 'link_text') : undefined}>{item.link_text || item.link_url}</span>
                </ExternalTextLink>
              </p>
            )}
          </article>
        </li>
      ))}
    </ol>
  );
}

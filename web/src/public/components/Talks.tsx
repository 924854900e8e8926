import { Calendar, FileText, MapPin, Video } from '../../components/icons';
import type { Talk, SiteInfo } from '../../api/types';
import { cn } from '../../lib/cn';
import { useT } from '../../i18n/context';
import { dateText } from '../../i18n/format';
import { MathText } from '../math';
import { useTextLang } from '../text-lang';
import { Badge, CARD, EmptyState, ExternalButton, LoadingText, Paragraphs } from './ui';
import { TagChips } from './Tags';
import { sentence } from '../sentences';

function TalkCard({ talk }: { talk: Talk }) {
  const t = useT();
  const lang = useTextLang();
  return (
    <article id={talk.slug} className={cn(CARD, 'flex flex-col gap-3 p-6 sm:p-8')}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="primary">{t(`talk_type.${talk.type}`)}</Badge>
        {talk.featured && <Badge tone="featured">{t('common.featured')}</Badge>}
      </div>
      <h2 lang={lang('talk', talk.id, 'title')} className="text-xl font-semibold tracking-tight">
        <MathText text={talk.title} />
      </h2>
      <p className="font-medium text-primary">{talk.event_name}</p>
      <ul className="flex flex-wrap gap-x-5 gap-y-1 text-sm text-muted-foreground">
        <li className="inline-flex items-center gap-1.5">
          <Calendar aria-hidden="true" className="size-4" />
          <time dateTime={talk.date}>{dateText(t, talk.date)}</time>
        </li>
        {talk.event_location && (
          <li className="inline-flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4" />
            {talk.event_location}
          </li>
        )}
      </ul>
      {talk.abstract && <Paragraphs text={talk.abstract} lang={lang('talk', talk.id, 'abstract')} className="text-muted-foreground" />}
      <TagChips tags={talk.tags} />
      {(talk.slides_url || talk.video_url) && (
        <div className="flex flex-wrap gap-2 pt-2">
          {talk.slides_url && (
            <ExternalButton href={talk.slides_url} icon={<FileText aria-hidden="true" />}>
              {t('talks.slides')}
            </ExternalButton>
          )}
          {talk.video_url && (
            <ExternalButton href={talk.video_url} icon={<Video aria-hidden="true" />}>
              {t('talks.video')}
            </ExternalButton>
          )}
        </div>
      )}
    </article>
  );
}

/** The Talks & Presentations page list, newest first. */
export function TalkList({ talks, site, loading = false }: { talks: Talk[]; site: SiteInfo; loading?: boolean }) {
  const t = useT();
  if (loading) return <LoadingText>{t('talks.loading')}</LoadingText>;
  if (talks.length === 0) return <EmptyState>{sentence(site, 'talks.empty')}</EmptyState>;
  return (
    <ul className="space-y-6">
      {talks.map((talk) => (
        <li key={talk.id}>
          <TalkCard talk={talk} />
        </li>
      ))}
    </ul>
  );
}

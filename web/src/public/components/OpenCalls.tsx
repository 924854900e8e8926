import { Calendar, Clock, Coins, Mail, Send } from '../../components/icons';
import type { ReactNode } from 'react';
import type { OpenCall, SiteInfo } from '../../api/types';
import { buttonClassName } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { isDeadlineSoon } from '../../lib/deadline';
import { useT } from '../../i18n/context';
import { dateText } from '../../i18n/format';
import { Badge, CARD, EmptyState, RichText, Skeletons } from './ui';
import { sentence } from '../sentences';

function Fact({ icon, term, children }: { icon: ReactNode; term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
        <span aria-hidden="true" className="text-primary [&_svg]:size-4">
          {icon}
        </span>
        {term}
      </dt>
      <dd className="mt-1 flex flex-wrap items-center gap-2 pl-6 font-medium wrap-anywhere">{children}</dd>
    </div>
  );
}

/** Spec §2 "Open Calls": one call. `today` is the server's date ('Soon' marker). */
export function OpenCallCard({ call, today }: { call: OpenCall; today: string }) {
  const t = useT();
  const headingId = `call-${call.id}`;
  return (
    <article id={call.slug} aria-labelledby={headingId} className={cn(CARD, 'p-6 sm:p-8')}>
      {(call.funding_agency || call.featured) && (
        <div className="mb-3 flex flex-wrap items-center gap-2">
          {call.funding_agency && <Badge tone="primary">{call.funding_agency}</Badge>}
          {call.featured && <Badge tone="featured">{t('common.featured')}</Badge>}
        </div>
      )}
      <h2 id={headingId} className="text-2xl font-semibold tracking-tight">
        {call.title}
      </h2>
      {call.description && <p className="mt-3 text-lg leading-relaxed text-muted-foreground">{call.description}</p>}

      <dl className="mt-6 grid gap-4 rounded-xl bg-muted/60 p-4 sm:grid-cols-2 sm:p-5">
        <Fact icon={<Calendar />} term={t('open_calls.deadline')}>
          {call.deadline ? (
            <>
              <time dateTime={call.deadline}>{dateText(t, call.deadline)}</time>
              {isDeadlineSoon(call.deadline, today) && <Badge tone="danger">{t('open_calls.soon')}</Badge>}
            </>
          ) : (
            t('open_calls.no_deadline')
          )}
        </Fact>
        {call.funding_amount && (
          <Fact icon={<Coins />} term={t('open_calls.funding')}>
            {call.funding_amount}
          </Fact>
        )}
        {call.duration && (
          <Fact icon={<Clock />} term={t('open_calls.duration')}>
            {call.duration}
          </Fact>
        )}
        {call.contact_email && (
          <Fact icon={<Mail />} term={t('open_calls.contact')}>
            <a
              href={`mailto:${call.contact_email}`}
              className="rounded-sm text-primary underline underline-offset-2 hover:no-underline focus-ring"
            >
              {call.contact_email}
            </a>
          </Fact>
        )}
      </dl>

      {call.content && <RichText html={call.content} className="mt-6" />}
      {call.requirements && (
        <section aria-labelledby={`${headingId}-requirements`} className="mt-6">
          <h3 id={`${headingId}-requirements`} className="text-lg font-semibold">
            {t('open_calls.requirements')}
          </h3>
          <RichText html={call.requirements} headingLevel={3} className="mt-2 text-muted-foreground" />
        </section>
      )}
      {call.contact_info && (
        <section aria-labelledby={`${headingId}-contact`} className="mt-6">
          <h3 id={`${headingId}-contact`} className="text-lg font-semibold">
            {t('open_calls.contact_information')}
          </h3>
          <RichText html={call.contact_info} headingLevel={3} className="mt-2 text-muted-foreground" />
        </section>
      )}
      {call.application_url && (
        <a href={call.application_url} target="_blank" rel="noopener noreferrer" className={buttonClassName('primary', 'lg', 'mt-8')}>
          <Send aria-hidden="true" />
          {t('open_calls.apply')}
          <span className="sr-only">{` ${t('common.new_tab')}`}</span>
        </a>
      )}
    </article>
  );
}

/** The Open Calls page list ("Soon" counted from `site.today`); 3 skeleton cards while loading. */
export function OpenCallList({ calls, site, loading = false }: { calls: OpenCall[]; site: SiteInfo; loading?: boolean }) {
  if (loading) return <Skeletons count={3} className="space-y-6" />;
  if (calls.length === 0) return <EmptyState>{sentence(site, 'open_calls.empty')}</EmptyState>;
  return (
    <ul className="space-y-8">
      {calls.map((call) => (
        <li key={call.id}>
          <OpenCallCard call={call} today={site.today} />
        </li>
      ))}
    </ul>
  );
}

import type { HomeStats } from '../../api/types';
import { useT } from '../../i18n/context';
import { useTextLang } from '../text-lang';
import { CONTAINER } from './ui';

/** The home page's live counters under the owner's labels and descriptions. */
export function StatsStrip({ stats }: { stats: HomeStats }) {
  const t = useT();
  const { labels } = stats;
  const items = [
    ['publications', stats.publications, labels.publications_label, labels.publications_description],
    ['students', stats.students, labels.students_label, labels.students_description],
    ['courses', stats.courses, labels.courses_label, labels.courses_description],
    ['research_areas', stats.research_areas, labels.research_areas_label, labels.research_areas_description],
  ] as const;
  const lang = useTextLang();
  return (
    <section aria-labelledby="stats-title" className="border-y border-border bg-muted/50">
      <h2 id="stats-title" className="sr-only">
        {t('home.at_a_glance')}
      </h2>
      <dl className={`${CONTAINER} grid grid-cols-2 gap-x-6 gap-y-10 py-12 lg:grid-cols-4`}>
        {items.map(([key, count, label, description]) => (
          <div key={key} className="flex flex-col items-center gap-1 text-center">
            <dt lang={lang('stats', 'stats', `${key}_label`)} className="font-semibold">
              {label}
            </dt>
            <dd className="order-first text-4xl font-bold tracking-tight text-primary sm:text-5xl">{count}</dd>
            {description && (
              <dd lang={lang('stats', 'stats', `${key}_description`)} className="text-sm text-muted-foreground">
                {description}
              </dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}

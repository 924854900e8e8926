import { BookOpen, FileText, Globe } from '../../components/icons';
import type { Course, SiteInfo } from '../../api/types';
import { cn } from '../../lib/cn';
import { groupRuns } from '../../lib/group';
import { useT } from '../../i18n/context';
import { Badge, CARD, EmptyState, ExternalButton, LoadingText, Paragraphs } from './ui';
import { sentence } from '../sentences';
import { useTextLang } from '../text-lang';

function CourseCard({ course }: { course: Course }) {
  const t = useT();
  const lang = useTextLang();
  const facts = [
    t('teaching.term', { term: t(`term.${course.term}`), year: course.year }),
    t(`role.${course.role}`),
    course.credits !== null && t('teaching.credits', { count: course.credits }),
    course.students_count !== null && t('teaching.students', { count: course.students_count }),
  ].filter(Boolean);
  return (
    <article id={course.slug} className={cn(CARD, 'flex h-full flex-col gap-3 p-6')}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone="primary" className="font-mono">
          {course.code}
        </Badge>
        {course.featured && <Badge tone="featured">{t('common.featured')}</Badge>}
      </div>
      <h3 lang={lang('course', course.id, 'title')} className="text-xl font-semibold tracking-tight">
        {course.title}
      </h3>
      <ul className="flex flex-wrap gap-x-2 text-sm text-muted-foreground">
        {facts.map((fact, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed, read-only list of facts built on each render and never reordered; two facts may read the same
          <li key={i} className="after:ml-2 after:content-['·'] last:after:content-none">
            {fact}
          </li>
        ))}
      </ul>
      {course.description && (
        <Paragraphs text={course.description} lang={lang('course', course.id, 'description')} className="text-muted-foreground" />
      )}
      {(course.course_url || course.syllabus_url) && (
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          {course.course_url && (
            <ExternalButton href={course.course_url} icon={<Globe aria-hidden="true" />}>
              {t('teaching.course_page')}
            </ExternalButton>
          )}
          {course.syllabus_url && (
            <ExternalButton href={course.syllabus_url} icon={<FileText aria-hidden="true" />}>
              {t('teaching.syllabus')}
            </ExternalButton>
          )}
        </div>
      )}
    </article>
  );
}

/** The Teaching page: courses grouped by year, newest first. */
export function CourseList({ courses, site, loading = false }: { courses: Course[]; site: SiteInfo; loading?: boolean }) {
  const t = useT();
  if (loading) return <LoadingText>{t('teaching.loading')}</LoadingText>;
  if (courses.length === 0) return <EmptyState>{sentence(site, 'teaching.empty')}</EmptyState>;
  return (
    <div className="space-y-12">
      {groupRuns(courses, (course) => course.year).map(([year, items]) => (
        <section key={year} aria-labelledby={`courses-${year}`}>
          <h2 id={`courses-${year}`} className="mb-6 flex items-center gap-3 text-2xl font-bold tracking-tight">
            <BookOpen aria-hidden="true" className="size-6 text-primary" />
            {year}
          </h2>
          <ul className="grid gap-6 md:grid-cols-2">
            {items.map((course) => (
              <li key={course.id}>
                <CourseCard course={course} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

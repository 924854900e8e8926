/** The public list pages: an intro with the page's <h1>, then the list or its empty message;
 *  a long list shows one page of its items and links to the others. */
import type {
  Course,
  NewsItem,
  OpenCall,
  Pagination as PageInfo,
  Project,
  PublicStudent,
  PublicationsData,
  ResearchArea,
  Talk,
} from '../../api/types';
import { CourseList } from '../components/Courses';
import { NewsList } from '../components/News';
import { OpenCallList } from '../components/OpenCalls';
import { Pagination } from '../components/Pagination';
import { ProjectList } from '../components/Projects';
import { ActiveFilters, filtersHref, PublicationFilterForm } from '../components/PublicationFilters';
import { PublicationList } from '../components/Publications';
import { ResearchAreaList } from '../components/ResearchAreas';
import { StudentGroups } from '../components/Students';
import { TalkList } from '../components/Talks';
import { ExternalButton, PageBody, PageIntro } from '../components/ui';
import { useT } from '../../i18n/context';

export function ResearchPage({ areas }: { areas: ResearchArea[] }) {
  const t = useT();
  return (
    <>
      <PageIntro title={t('page.research')} subtitle={t('research.intro')} />
      <PageBody>
        <ResearchAreaList areas={areas} />
      </PageBody>
    </>
  );
}

export function PublicationsPage({ data, baseUrl }: { data: PublicationsData; baseUrl: string }) {
  const t = useT();
  return (
    <>
      <PageIntro title={t('page.publications')} subtitle={t('publications.intro')}>
        {data.scholar_url && (
          <div className="mt-8">
            <ExternalButton href={data.scholar_url}>{t('publications.scholar_profile')}</ExternalButton>
          </div>
        )}
      </PageIntro>
      <PageBody>
        <div className="mb-10">
          <PublicationFilterForm filters={data.filters} tags={data.tags} years={data.years} />
          <ActiveFilters filters={data.filters} tags={data.tags} />
        </div>
        {data.citations && (
          <p className="mb-6 text-sm text-muted-foreground" data-citations-total="">
            {t('publications.cited_in_all', { count: data.citations.total })}
          </p>
        )}
        <PublicationList publications={data.publications} baseUrl={baseUrl} citations={data.citations} />
        <Pagination path={filtersHref(data.filters)} pagination={data.pagination} />
      </PageBody>
    </>
  );
}

export function ProjectsPage({ projects, pagination }: { projects: Project[]; pagination: PageInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro title={t('page.projects')} subtitle={t('projects.intro')} />
      <PageBody>
        <ProjectList projects={projects} />
        <Pagination path="/projects" pagination={pagination} />
      </PageBody>
    </>
  );
}

export function TeachingPage({ courses, pagination }: { courses: Course[]; pagination: PageInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro title={t('page.teaching')} subtitle={t('teaching.intro')} />
      <PageBody>
        <CourseList courses={courses} />
        <Pagination path="/teaching" pagination={pagination} />
      </PageBody>
    </>
  );
}

export function StudentsPage({ students, pagination }: { students: PublicStudent[]; pagination: PageInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro title={t('page.students')} subtitle={t('students.intro')} />
      <PageBody>
        <StudentGroups students={students} />
        <Pagination path="/students" pagination={pagination} />
      </PageBody>
    </>
  );
}

export function TalksPage({ talks, pagination }: { talks: Talk[]; pagination: PageInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro narrow title={t('page.talks')} subtitle={t('talks.intro')} />
      <PageBody narrow>
        <TalkList talks={talks} />
        <Pagination path="/talks" pagination={pagination} byDate />
      </PageBody>
    </>
  );
}

export function OpenCallsPage({ calls, pagination, today }: { calls: OpenCall[]; pagination: PageInfo; today: string }) {
  const t = useT();
  return (
    <>
      <PageIntro narrow title={t('open_calls.heading')} subtitle={t('open_calls.intro')} />
      <PageBody narrow>
        <OpenCallList calls={calls} today={today} />
        <Pagination path="/open-calls" pagination={pagination} />
      </PageBody>
    </>
  );
}

export function NewsPage({ items, pagination }: { items: NewsItem[]; pagination: PageInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro narrow title={t('page.news')} subtitle={t('news.intro')} />
      <PageBody narrow>
        <NewsList items={items} />
        <Pagination path="/news" pagination={pagination} byDate />
      </PageBody>
    </>
  );
}

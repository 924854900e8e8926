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
  SiteInfo,
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
import { sentence } from '../sentences';

export function ResearchPage({ areas, site }: { areas: ResearchArea[]; site: SiteInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro title={t('page.research')} subtitle={sentence(site, 'research.intro')} />
      <PageBody>
        <ResearchAreaList areas={areas} site={site} />
      </PageBody>
    </>
  );
}

export function PublicationsPage({ data, site }: { data: PublicationsData; site: SiteInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro title={t('page.publications')} subtitle={sentence(site, 'publications.intro')}>
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
        <PublicationList publications={data.publications} site={site} citations={data.citations} />
        <Pagination path={filtersHref(data.filters)} pagination={data.pagination} />
      </PageBody>
    </>
  );
}

export function ProjectsPage({ projects, pagination, site }: { projects: Project[]; pagination: PageInfo; site: SiteInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro title={t('page.projects')} subtitle={sentence(site, 'projects.intro')} />
      <PageBody>
        <ProjectList projects={projects} site={site} />
        <Pagination path="/projects" pagination={pagination} />
      </PageBody>
    </>
  );
}

export function TeachingPage({ courses, pagination, site }: { courses: Course[]; pagination: PageInfo; site: SiteInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro title={t('page.teaching')} subtitle={sentence(site, 'teaching.intro')} />
      <PageBody>
        <CourseList courses={courses} site={site} />
        <Pagination path="/teaching" pagination={pagination} />
      </PageBody>
    </>
  );
}

export function StudentsPage({ students, pagination, site }: { students: PublicStudent[]; pagination: PageInfo; site: SiteInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro title={t('page.students')} subtitle={sentence(site, 'students.intro')} />
      <PageBody>
        <StudentGroups students={students} site={site} />
        <Pagination path="/students" pagination={pagination} />
      </PageBody>
    </>
  );
}

export function TalksPage({ talks, pagination, site }: { talks: Talk[]; pagination: PageInfo; site: SiteInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro narrow title={t('page.talks')} subtitle={sentence(site, 'talks.intro')} />
      <PageBody narrow>
        <TalkList talks={talks} site={site} />
        <Pagination path="/talks" pagination={pagination} byDate />
      </PageBody>
    </>
  );
}

export function OpenCallsPage({ calls, pagination, site }: { calls: OpenCall[]; pagination: PageInfo; site: SiteInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro narrow title={t('open_calls.heading')} subtitle={sentence(site, 'open_calls.intro')} />
      <PageBody narrow>
        <OpenCallList calls={calls} site={site} />
        <Pagination path="/open-calls" pagination={pagination} />
      </PageBody>
    </>
  );
}

export function NewsPage({ items, pagination, site }: { items: NewsItem[]; pagination: PageInfo; site: SiteInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro narrow title={t('page.news')} subtitle={sentence(site, 'news.intro')} />
      <PageBody narrow>
        <NewsList items={items} site={site} />
        <Pagination path="/news" pagination={pagination} byDate />
      </PageBody>
    </>
  );
}

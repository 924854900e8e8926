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
import { PAGE_TITLES } from '../meta';

export function ResearchPage({ areas }: { areas: ResearchArea[] }) {
  return (
    <>
      <PageIntro title={PAGE_TITLES.research} subtitle="Current research directions and the questions behind them." />
      <PageBody>
        <ResearchAreaList areas={areas} />
      </PageBody>
    </>
  );
}

export function PublicationsPage({ data, baseUrl }: { data: PublicationsData; baseUrl: string }) {
  return (
    <>
      <PageIntro title={PAGE_TITLES.publications} subtitle="Peer-reviewed papers, articles and other scholarly work.">
        {data.scholar_url && (
          <div className="mt-8">
            <ExternalButton href={data.scholar_url}>Google Scholar profile</ExternalButton>
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
            {`Cited ${data.citations.total} times in all.`}
          </p>
        )}
        <PublicationList publications={data.publications} baseUrl={baseUrl} citations={data.citations} />
        <Pagination path={filtersHref(data.filters)} pagination={data.pagination} />
      </PageBody>
    </>
  );
}

export function ProjectsPage({ projects, pagination }: { projects: Project[]; pagination: PageInfo }) {
  return (
    <>
      <PageIntro title={PAGE_TITLES.projects} subtitle="Research projects, funded collaborations and software." />
      <PageBody>
        <ProjectList projects={projects} />
        <Pagination path="/projects" pagination={pagination} />
      </PageBody>
    </>
  );
}

export function TeachingPage({ courses, pagination }: { courses: Course[]; pagination: PageInfo }) {
  return (
    <>
      <PageIntro title={PAGE_TITLES.teaching} subtitle="Courses taught, with their terms and materials." />
      <PageBody>
        <CourseList courses={courses} />
        <Pagination path="/teaching" pagination={pagination} />
      </PageBody>
    </>
  );
}

export function StudentsPage({ students, pagination }: { students: PublicStudent[]; pagination: PageInfo }) {
  return (
    <>
      <PageIntro title={PAGE_TITLES.students} subtitle="Students supervised, past and present." />
      <PageBody>
        <StudentGroups students={students} />
        <Pagination path="/students" pagination={pagination} />
      </PageBody>
    </>
  );
}

export function TalksPage({ talks, pagination }: { talks: Talk[]; pagination: PageInfo }) {
  return (
    <>
      <PageIntro narrow title={PAGE_TITLES.talks} subtitle="Invited talks, keynotes, conference presentations and seminars." />
      <PageBody narrow>
        <TalkList talks={talks} />
        <Pagination path="/talks" pagination={pagination} previous="Newer" next="Older" />
      </PageBody>
    </>
  );
}

export function OpenCallsPage({ calls, pagination, today }: { calls: OpenCall[]; pagination: PageInfo; today: string }) {
  return (
    <>
      <PageIntro narrow title="Open Calls for Proposals" subtitle="Current funding opportunities and collaboration calls" />
      <PageBody narrow>
        <OpenCallList calls={calls} today={today} />
        <Pagination path="/open-calls" pagination={pagination} />
      </PageBody>
    </>
  );
}

export function NewsPage({ items, pagination }: { items: NewsItem[]; pagination: PageInfo }) {
  return (
    <>
      <PageIntro narrow title={PAGE_TITLES.news} subtitle="Announcements, awards and updates." />
      <PageBody narrow>
        <NewsList items={items} />
        <Pagination path="/news" pagination={pagination} previous="Newer" next="Older" />
      </PageBody>
    </>
  );
}

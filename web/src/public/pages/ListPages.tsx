/** The public list pages: an intro with the page's <h1>, then the list or its empty message. */
import type { Course, NewsItem, OpenCall, Project, PublicStudent, PublicationsData, ResearchArea, Talk } from '../../api/types';
import { CourseList } from '../components/Courses';
import { NewsList } from '../components/News';
import { OpenCallList } from '../components/OpenCalls';
import { ProjectList } from '../components/Projects';
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
        <PublicationList publications={data.publications} baseUrl={baseUrl} />
      </PageBody>
    </>
  );
}

export function ProjectsPage({ projects }: { projects: Project[] }) {
  return (
    <>
      <PageIntro title={PAGE_TITLES.projects} subtitle="Research projects, funded collaborations and software." />
      <PageBody>
        <ProjectList projects={projects} />
      </PageBody>
    </>
  );
}

export function TeachingPage({ courses }: { courses: Course[] }) {
  return (
    <>
      <PageIntro title={PAGE_TITLES.teaching} subtitle="Courses taught, with their terms and materials." />
      <PageBody>
        <CourseList courses={courses} />
      </PageBody>
    </>
  );
}

export function StudentsPage({ students }: { students: PublicStudent[] }) {
  return (
    <>
      <PageIntro title={PAGE_TITLES.students} subtitle="Students supervised, past and present." />
      <PageBody>
        <StudentGroups students={students} />
      </PageBody>
    </>
  );
}

export function TalksPage({ talks }: { talks: Talk[] }) {
  return (
    <>
      <PageIntro narrow title={PAGE_TITLES.talks} subtitle="Invited talks, keynotes, conference presentations and seminars." />
      <PageBody narrow>
        <TalkList talks={talks} />
      </PageBody>
    </>
  );
}

export function OpenCallsPage({ calls, today }: { calls: OpenCall[]; today: string }) {
  return (
    <>
      <PageIntro narrow title="Open Calls for Proposals" subtitle="Current funding opportunities and collaboration calls" />
      <PageBody narrow>
        <OpenCallList calls={calls} today={today} />
      </PageBody>
    </>
  );
}

export function NewsPage({ items }: { items: NewsItem[] }) {
  return (
    <>
      <PageIntro narrow title={PAGE_TITLES.news} subtitle="Announcements, awards and updates." />
      <PageBody narrow>
        <NewsList items={items} />
      </PageBody>
    </>
  );
}

/**
 * The public site as the server renders it (QuickJS, see src/ssr/entry.tsx).
 * The browser (src/public/main.tsx) hydrates the frame around the page from the
 * same `RenderInput`, so everything here must render identically in both: no
 * `Intl`, no `Date.now()`, nothing read from the browser before mount.
 */
import type { RenderInput } from '../api/types';
import { SiteLayout } from './components/SiteLayout';
import { HomePage } from './pages/HomePage';
import {
  NewsPage,
  OpenCallsPage,
  ProjectsPage,
  PublicationsPage,
  ResearchPage,
  StudentsPage,
  TalksPage,
  TeachingPage,
} from './pages/ListPages';
import { NotFoundPage } from './pages/NotFoundPage';
import { AboutPage, BlogPage, ContactPage } from './pages/TextPages';

function PageContent({ input }: { input: RenderInput }) {
  const page = input.page;
  switch (page.page) {
    case 'home':
      return <HomePage data={page.data} />;
    case 'about':
      return <AboutPage data={page.data} />;
    case 'research':
      return <ResearchPage areas={page.data.areas} />;
    case 'publications':
      return <PublicationsPage data={page.data} />;
    case 'projects':
      return <ProjectsPage projects={page.data.projects} />;
    case 'teaching':
      return <TeachingPage courses={page.data.courses} />;
    case 'students':
      return <StudentsPage students={page.data.students} />;
    case 'talks':
      return <TalksPage talks={page.data.talks} />;
    case 'blog':
      return <BlogPage />;
    case 'open_calls':
      return <OpenCallsPage calls={page.data.calls} today={input.site.today} />;
    case 'contact':
      return <ContactPage data={page.data} />;
    case 'news':
      return <NewsPage items={page.data.items} />;
    case 'not_found':
      return <NotFoundPage />;
    default: {
      const unhandled: never = page;
      return unhandled;
    }
  }
}

/** A public page as the server renders it (see SiteLayout for what the browser hydrates). */
export function PublicApp({ input }: { input: RenderInput }) {
  return (
    <SiteLayout site={input.site} path={input.path}>
      <PageContent input={input} />
    </SiteLayout>
  );
}

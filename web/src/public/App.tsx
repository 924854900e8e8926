/**
 * The content of each public page as the server renders it (QuickJS, see
 * src/ssr/render.tsx, which puts it inside the frame, SiteLayout). The
 * browser (src/public/main.tsx) hydrates only the frame, so the content must
 * render identically on every engine: no `Intl`, no `Date.now()`.
 */
import type { RenderInput } from '../api/types';
import { PathPrefixProvider, sitePrefix } from './language';
import { BlogPage, PostPage } from './pages/BlogPages';
import { CvPage } from './pages/CvPage';
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
import { PaperPage } from './pages/PaperPage';
import { TagPage } from './pages/TagPage';
import { AboutPage, ContactPage } from './pages/TextPages';
import { TextLangsProvider } from './text-lang';

/** The page's content, for inside <main>: its links stay in the page's language, and its
 *  texts are marked with their language where it is not the page's. */
export function PageContent({ input }: { input: RenderInput }) {
  return (
    <PathPrefixProvider value={sitePrefix(input.site)}>
      <TextLangsProvider value={input.text_langs}>
        <Content input={input} />
      </TextLangsProvider>
    </PathPrefixProvider>
  );
}

function Content({ input }: { input: RenderInput }) {
  const page = input.page;
  switch (page.page) {
    case 'home':
      return <HomePage data={page.data} site={input.site} />;
    case 'about':
      return <AboutPage data={page.data} site={input.site} />;
    case 'research':
      return <ResearchPage areas={page.data.areas} site={input.site} />;
    case 'publications':
      return <PublicationsPage data={page.data} site={input.site} />;
    case 'paper':
      return <PaperPage data={page.data} owner={input.site.owner_name} />;
    case 'projects':
      return <ProjectsPage {...page.data} site={input.site} />;
    case 'teaching':
      return <TeachingPage {...page.data} site={input.site} />;
    case 'students':
      return <StudentsPage {...page.data} site={input.site} />;
    case 'talks':
      return <TalksPage {...page.data} site={input.site} />;
    case 'blog':
      return <BlogPage {...page.data} site={input.site} />;
    case 'post':
      return <PostPage post={page.data} />;
    case 'open_calls':
      return <OpenCallsPage {...page.data} site={input.site} />;
    case 'contact':
      return <ContactPage data={page.data} site={input.site} />;
    case 'news':
      return <NewsPage {...page.data} site={input.site} />;
    case 'tag':
      return <TagPage data={page.data} site={input.site} />;
    case 'cv':
      return <CvPage data={page.data} owner={input.site.owner_name} />;
    case 'not_found':
      return <NotFoundPage />;
    default: {
      const unhandled: never = page;
      return unhandled;
    }
  }
}

/**
 * `/tags/<slug>` (issue 16): everything published with one tag, grouped by
 * kind, a page at a time as on /news (`?page=N`, issue 41): a kind cut at a
 * page's end goes on under the same heading on the next page.
 */
import type { SiteInfo, TagPageData } from '../../api/types';
import { NewsList } from '../components/News';
import { Pagination } from '../components/Pagination';
import { PostList } from '../components/Posts';
import { ProjectList } from '../components/Projects';
import { PublicationList } from '../components/Publications';
import { tagHref } from '../components/Tags';
import { TalkList } from '../components/Talks';
import { EmptyState, PageBody, PageIntro } from '../components/ui';
import { useT } from '../../i18n/context';
import type { Translate } from '../../i18n/messages';
import { sentence } from '../sentences';

export function tagPageTitle(t: Translate, data: TagPageData): string {
  return t('tag.heading', { name: data.tag.name });
}

function Group({ id, title, count, children }: { id: string; title: string; count: number; children: React.ReactNode }) {
  if (count === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-6">
      <h2 id={id} className="text-2xl font-bold tracking-tight">
        {title}
      </h2>
      {children}
    </section>
  );
}

export function TagPage({ data, site }: { data: TagPageData; site: SiteInfo }) {
  const t = useT();
  const empty = data.publications.length + data.projects.length + data.talks.length + data.news.length + data.posts.length === 0;
  return (
    <>
      <PageIntro title={tagPageTitle(t, data)} subtitle={sentence(site, 'tag.intro')}>
        <span aria-hidden="true" className="mt-6 block h-1.5 w-24 rounded-full" style={{ backgroundColor: data.tag.color }} />
      </PageIntro>
      <PageBody>
        <div className="space-y-16">
          {empty && <EmptyState>{sentence(site, 'tag.empty')}</EmptyState>}
          <Group id="tagged-publications" title={t('tag.publications')} count={data.publications.length}>
            <PublicationList publications={data.publications} site={site} />
          </Group>
          <Group id="tagged-projects" title={t('tag.projects')} count={data.projects.length}>
            <ProjectList projects={data.projects} site={site} />
          </Group>
          <Group id="tagged-talks" title={t('tag.talks')} count={data.talks.length}>
            <TalkList talks={data.talks} site={site} />
          </Group>
          <Group id="tagged-news" title={t('tag.news')} count={data.news.length}>
            <NewsList items={data.news} site={site} />
          </Group>
          <Group id="tagged-posts" title={t('tag.blog')} count={data.posts.length}>
            <PostList posts={data.posts} site={site} headingLevel={3} />
          </Group>
        </div>
        <Pagination path={tagHref(data.tag)} pagination={data.pagination} />
      </PageBody>
    </>
  );
}

/** /blog (the posts, a page at a time as on /news) and /blog/<slug> (one post). */
import type { Pagination as PageInfo, PublicPost, SiteInfo } from '../../api/types';
import { ArrowLeft } from '../../components/icons';
import { MathText } from '../math';
import { Pagination } from '../components/Pagination';
import { PostCover, PostDate, PostList } from '../components/Posts';
import { TagChips } from '../components/Tags';
import { PageBody, PageIntro, RichText } from '../components/ui';
import { useLocalized } from '../language';
import { useT } from '../../i18n/context';
import { useTextLang } from '../text-lang';

export function BlogPage({ posts, pagination, site }: { posts: PublicPost[]; pagination: PageInfo; site: SiteInfo }) {
  const t = useT();
  return (
    <>
      <PageIntro narrow title={t('page.blog')} />
      <PageBody narrow>
        <PostList posts={posts} site={site} />
        <Pagination path="/blog" pagination={pagination} byDate />
      </PageBody>
    </>
  );
}

/** One post: its title is the page's one <h1>, so the content's own headings start at <h2>. */
export function PostPage({ post }: { post: PublicPost }) {
  const local = useLocalized();
  const t = useT();
  const lang = useTextLang();
  return (
    <>
      <PageIntro
        narrow
        title={
          <span lang={lang('post', post.id, 'title')}>
            <MathText text={post.title} />
          </span>
        }
      >
        <div className="mt-6">
          <PostDate date={post.date} />
        </div>
      </PageIntro>
      <PageBody narrow>
        <article className="space-y-8">
          <PostCover post={post} eager />
          {post.content && (
            <RichText
              html={post.content}
              lang={lang('post', post.id, 'content')}
              headingLevel={1}
              className="text-lg [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:text-xl"
            />
          )}
          <TagChips tags={post.tags} />
        </article>
        <p className="mt-12 border-t border-border pt-8">
          <a
            href={local('/blog')}
            className="inline-flex items-center gap-2 rounded-sm font-medium text-primary underline-offset-2 hover:underline focus-ring"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {t('blog.all_posts')}
          </a>
        </p>
      </PageBody>
    </>
  );
}

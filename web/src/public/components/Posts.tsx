/**
 * Blog posts (issue 42): the /blog list and the cover image shared with a
 * post's page. A cover is any image address (an upload or a URL), so its size
 * is not known: it is drawn in a fixed 16:9 frame (`object-cover`), which
 * reserves its space before it loads (no layout shift).
 */
import type { Post } from '../../api/types';
import { Calendar } from '../../components/icons';
import { cn } from '../../lib/cn';
import { formatDate } from '../../lib/format';
import { MathText } from '../math';
import { TagChips } from './Tags';
import { CARD, EmptyState } from './ui';

export function postHref(post: Pick<Post, 'slug'>): string {
  return `/blog/${post.slug}`;
}

/** The spec's text for a blog without posts. */
export const NO_POSTS = 'Blog posts and articles coming soon...';

export function PostDate({ date }: { date: string }) {
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
      <Calendar aria-hidden="true" className="size-4" />
      <time dateTime={date}>{formatDate(date)}</time>
    </p>
  );
}

/** The cover in its 16:9 frame. Decorative (empty alt): the title next to it says what the post is. */
export function PostCover({ src, className, eager = false }: { src: string; className?: string; eager?: boolean }) {
  return (
    <div className={cn('aspect-video overflow-hidden rounded-xl bg-muted', className)}>
      <img
        src={src}
        alt=""
        width={1280}
        height={720}
        loading={eager ? undefined : 'lazy'}
        decoding="async"
        className="size-full object-cover"
      />
    </div>
  );
}

/** The /blog list (and a tag's posts): newest first, each linking to its page. */
export function PostList({ posts, headingLevel = 2 }: { posts: Post[]; headingLevel?: 2 | 3 }) {
  if (posts.length === 0) return <EmptyState>{NO_POSTS}</EmptyState>;
  const Heading = `h${headingLevel}` as const;
  return (
    <ol className="space-y-8">
      {posts.map((post) => (
        <li key={post.id}>
          <article className={cn(CARD, 'relative flex flex-col gap-4 p-6 sm:p-8')}>
            {post.cover_image && <PostCover src={post.cover_image} />}
            <PostDate date={post.date} />
            <Heading className="text-2xl font-semibold tracking-tight wrap-anywhere">
              <a href={postHref(post)} className="rounded-sm hover:text-primary focus-ring">
                <MathText text={post.title} />
              </a>
            </Heading>
            {post.summary && (
              <p className="leading-relaxed wrap-anywhere text-muted-foreground">
                <MathText text={post.summary} />
              </p>
            )}
            <TagChips tags={post.tags} />
          </article>
        </li>
      ))}
    </ol>
  );
}

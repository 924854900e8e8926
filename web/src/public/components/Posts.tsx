/**
 * Blog posts (issue 42): the /blog list and the cover image shared with a
 * post's page. A cover is an uploaded photo (offered in its sizes) or any
 * image address, so its shape is not known: it is drawn in a fixed 16:9 frame
 * (`object-cover`), which reserves its space before it loads (no layout shift).
 */
import type { PublicPost, SiteInfo } from '../../api/types';
import { Calendar } from '../../components/icons';
import { cn } from '../../lib/cn';
import { useT } from '../../i18n/context';
import { dateText } from '../../i18n/format';
import { MathText } from '../math';
import { type Frame, Picture } from './Picture';
import { TagChips } from './Tags';
import { CARD, EmptyState } from './ui';
import { useLocalized } from '../language';
import { sentence } from '../sentences';
import { useTextLang } from '../text-lang';

export function postHref(post: Pick<PublicPost, 'slug'>): string {
  return `/blog/${post.slug}`;
}

export function PostDate({ date }: { date: string }) {
  const t = useT();
  return (
    <p className="flex items-center gap-1.5 text-sm font-medium text-muted-foreground">
      <Calendar aria-hidden="true" className="size-4" />
      <time dateTime={date}>{dateText(t, date)}</time>
    </p>
  );
}

/** The frame's width on large screens (the narrow column) and on phones (the viewport). */
const COVER_FRAMES: readonly Frame[] = [
  [768, 720],
  [null, 390],
];

/** The cover in its 16:9 frame. Decorative (empty alt): the title next to it says what the post is. */
export function PostCover({ post, className, eager = false }: { post: PublicPost; className?: string; eager?: boolean }) {
  if (!post.cover_image) return null;
  const frame = cn('aspect-video overflow-hidden rounded-xl bg-muted', className);
  if (post.cover) {
    return (
      <Picture
        photo={post.cover}
        frames={COVER_FRAMES}
        alt=""
        size={720}
        className={frame}
        loading={eager ? undefined : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
      />
    );
  }
  return (
    <div className={frame}>
      <img
        src={post.cover_image}
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
export function PostList({ posts, site, headingLevel = 2 }: { posts: PublicPost[]; site: SiteInfo; headingLevel?: 2 | 3 }) {
  const local = useLocalized();
  const lang = useTextLang();
  if (posts.length === 0) return <EmptyState>{sentence(site, 'blog.empty')}</EmptyState>;
  const Heading = `h${headingLevel}` as const;
  return (
    <ol className="space-y-8">
      {posts.map((post) => (
        <li key={post.id}>
          <article className={cn(CARD, 'relative flex flex-col gap-4 p-6 sm:p-8')}>
            <PostCover post={post} />
            <PostDate date={post.date} />
            <Heading lang={lang('post', post.id, 'title')} className="text-2xl font-semibold tracking-tight wrap-anywhere">
              <a href={local(postHref(post))} className="rounded-sm hover:text-primary focus-ring">
                <MathText text={post.title} />
              </a>
            </Heading>
            {post.summary && (
              <p lang={lang('post', post.id, 'summary')} className="leading-relaxed wrap-anywhere text-muted-foreground">
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

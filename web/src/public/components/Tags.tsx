/**
 * Tags on public items (issue 16): chips linking to `/tags/<slug>`. The text is
 * the theme's foreground on its muted background (readable in light and dark
 * whatever colour the owner picked); the tag's colour is the dot and the rim.
 */
import type { Tag } from '../../api/types';
import { useT } from '../../i18n/context';
import { cn } from '../../lib/cn';
import { useLocalized } from '../language';

export function tagHref(tag: Pick<Tag, 'slug'>): string {
  return `/tags/${tag.slug}`;
}

export function TagChips({ tags, className }: { tags: Tag[]; className?: string }) {
  const local = useLocalized();
  const t = useT();
  if (tags.length === 0) return null;
  return (
    <ul aria-label={t('common.tags')} className={cn('flex flex-wrap gap-2', className)}>
      {tags.map((tag) => (
        <li key={tag.id}>
          <a
            href={local(tagHref(tag))}
            style={{ borderColor: tag.color }}
            className="inline-flex items-center gap-1.5 rounded-full border bg-muted px-2.5 py-0.5 text-xs font-medium text-foreground hover:underline focus-ring"
          >
            <span aria-hidden="true" className="size-2 rounded-full" style={{ backgroundColor: tag.color }} />
            {tag.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

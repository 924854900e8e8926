/**
 * Blog posts (issue 42): the form's rules, mirrored from the server
 * (src/content/posts.rs), its defaults and the request it sends, where every
 * empty optional field is null (the server then makes the slug from the title
 * and dates the post today).
 */
import { z } from 'zod';
import { DEFAULT_CONTENT_STATUS } from '../../../api/rules';
import type { PostInput } from '../../../api/types';
import {
  blankValues,
  entityKind,
  longText,
  optionalDate,
  optionalLink,
  optionalRichText,
  optionalText,
  requiredText,
  slugRule,
  taggedPublishRules,
  today,
} from '../kit';

export const postKind = entityKind({ path: 'posts', label: 'Blog post', noun: 'blog post' });

export const postSchema = z.object({
  title: requiredText('Title'),
  slug: slugRule,
  date: optionalDate('Date'),
  summary: longText('Summary'),
  content: longText('Content'),
  cover_image: optionalLink('Cover image'),
  ...taggedPublishRules,
});
export type PostValues = z.infer<typeof postSchema>;

/** A new post: dated today, published. */
export const postDefaults = (now = new Date()): PostValues => blankValues(postSchema, { date: today(now), status: DEFAULT_CONTENT_STATUS });

export function postInput(values: PostValues): PostInput {
  return {
    title: values.title,
    slug: optionalText(values.slug),
    date: optionalText(values.date),
    summary: optionalText(values.summary),
    content: optionalRichText(values.content),
    cover_image: optionalText(values.cover_image),
    tag_ids: values.tag_ids,
    featured: values.featured,
    status: values.status,
  };
}

/** The form's rules, defaults and request, for the screen. */
export const postForm = { schema: postSchema, defaults: postDefaults, toInput: postInput };

/** News items (spec sections 4, 5): the form's rules, its defaults and the request it sends. */
import { z } from 'zod';
import { CONTENT_STATUSES, DEFAULT_CONTENT_STATUS, MAX_LONG } from '../../../api/rules';
import type { NewsItemInput } from '../../../api/types';
import { blankValues, entityKind, oneOf, optionalLine, optionalText, optionalUrl, requiredText, today } from '../kit';

export const newsKind = entityKind({ path: 'news', label: 'News item', noun: 'news item' });

export const newsSchema = z.object({
  title: requiredText('Title'),
  content: requiredText('Content', MAX_LONG),
  date: requiredText('Date'),
  link_url: optionalUrl('Link URL'),
  link_text: optionalLine('Link text'),
  featured: z.boolean(),
  status: oneOf(CONTENT_STATUSES),
  tag_ids: z.array(z.string()),
});
export type NewsValues = z.infer<typeof newsSchema>;

/** A new item: dated today, published. */
export function newsDefaults(now = new Date()): NewsValues {
  return blankValues(newsSchema, { date: today(now), status: DEFAULT_CONTENT_STATUS });
}

export function newsInput(values: NewsValues): NewsItemInput {
  return {
    title: values.title,
    content: values.content,
    date: values.date,
    link_url: optionalText(values.link_url),
    link_text: optionalText(values.link_text),
    featured: values.featured,
    status: values.status,
    tag_ids: values.tag_ids,
  };
}

/** The form's rules, defaults and request, for the screen. */
export const newsForm = { schema: newsSchema, defaults: newsDefaults, toInput: newsInput };

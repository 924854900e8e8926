/** Talks (spec sections 4, 5): the form's rules, its defaults and the request it sends. */
import { z } from 'zod';
import { CONTENT_STATUSES, DEFAULT_CONTENT_STATUS, DEFAULT_TALK_TYPE, TALK_TYPES } from '../../../api/rules';
import type { TalkInput, TalkType } from '../../../api/types';
import { blankValues, entityKind, longText, oneOf, optionalLine, optionalText, optionalUrl, requiredText, slugRule } from '../kit';

export const talkKind = entityKind({ path: 'talks', label: 'Talk', noun: 'talk', deleteFallback: 'Failed to delete talk' });

export const TYPE_LABELS: Record<TalkType, string> = {
  invited: 'Invited',
  keynote: 'Keynote',
  conference: 'Conference',
  workshop: 'Workshop',
  seminar: 'Seminar',
  webinar: 'Webinar',
};

export const talkSchema = z.object({
  title: requiredText('Title'),
  slug: slugRule,
  event_name: requiredText('Event name'),
  event_location: optionalLine('Event location'),
  // The date input gives '' or YYYY-MM-DD.
  date: requiredText('Date'),
  type: oneOf(TALK_TYPES),
  abstract: longText('Abstract'),
  slides_url: optionalUrl('Slides URL'),
  video_url: optionalUrl('Video URL'),
  status: oneOf(CONTENT_STATUSES),
  featured: z.boolean(),
  tag_ids: z.array(z.string()),
});
export type TalkValues = z.infer<typeof talkSchema>;

/** A new talk: invited, published, no date yet. */
export function talkDefaults(): TalkValues {
  return blankValues(talkSchema, { type: DEFAULT_TALK_TYPE, status: DEFAULT_CONTENT_STATUS });
}

export function talkInput(values: TalkValues): TalkInput {
  return {
    title: values.title,
    slug: optionalText(values.slug),
    event_name: values.event_name,
    event_location: optionalText(values.event_location),
    date: values.date,
    type: values.type,
    abstract: optionalText(values.abstract),
    slides_url: optionalText(values.slides_url),
    video_url: optionalText(values.video_url),
    status: values.status,
    featured: values.featured,
    tag_ids: values.tag_ids,
  };
}

/** The form's rules, defaults and request, for the screen. */
export const talkForm = { schema: talkSchema, defaults: talkDefaults, toInput: talkInput };

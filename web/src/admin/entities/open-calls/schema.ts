/**
 * Open calls (spec sections 4, 5): the form's values and defaults, the checks
 * mirrored from the server (src/content/open_calls.rs), and the request it
 * sends, where every empty optional field is null.
 */
import { z } from 'zod';
import { CONTENT_STATUSES, DEFAULT_CONTENT_STATUS } from '../../../api/rules';
import type { OpenCallInput } from '../../../api/types';
import { formatShortDate } from '../../../lib/format';
import {
  blankValues,
  entityKind,
  longText,
  oneOf,
  optionalEmail,
  optionalLine,
  optionalRichText,
  optionalText,
  optionalUrl,
  requiredSlugRule,
  requiredText,
} from '../kit';

export const openCallKind = entityKind({
  path: 'open-calls',
  label: 'Open call',
  noun: 'open call',
  saveFallback: 'Failed to save open call',
  deleteFallback: 'Failed to delete open call',
});

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export const openCallSchema = z.object({
  title: requiredText('Title'),
  slug: requiredSlugRule,
  description: longText('Description'),
  content: longText('Content'),
  requirements: longText('Requirements'),
  contact_email: optionalEmail('Contact email'),
  contact_info: longText('Contact information'),
  application_url: optionalUrl('Application URL'),
  funding_amount: optionalLine('Funding amount'),
  duration: optionalLine('Duration'),
  funding_agency: optionalLine('Funding agency'),
  deadline: z.string().refine((date) => date === '' || ISO_DATE.test(date), 'Deadline must be a date'),
  status: oneOf(CONTENT_STATUSES),
  featured: z.boolean(),
});
export type OpenCallValues = z.infer<typeof openCallSchema>;

/** A new call: empty, published, not featured. */
export function openCallDefaults(): OpenCallValues {
  return blankValues(openCallSchema, { status: DEFAULT_CONTENT_STATUS });
}

/** The request body: empty optional fields are sent as null (spec section 5). */
export function openCallInput(values: OpenCallValues): OpenCallInput {
  return {
    title: values.title,
    slug: values.slug,
    description: optionalText(values.description),
    content: optionalRichText(values.content),
    requirements: optionalRichText(values.requirements),
    contact_email: optionalText(values.contact_email),
    contact_info: optionalRichText(values.contact_info),
    application_url: optionalText(values.application_url),
    funding_amount: optionalText(values.funding_amount),
    duration: optionalText(values.duration),
    funding_agency: optionalText(values.funding_agency),
    deadline: optionalText(values.deadline),
    status: values.status,
    featured: values.featured,
  };
}

/**
 * The table's Deadline cell: 'Jan 05, 2025' (the spec's 'MMM dd, yyyy') or
 * 'No deadline'. The stored value is a plain calendar date, read as written,
 * so no time zone can move it to the day before.
 */
export function deadlineLabel(deadline: string | null): string {
  return deadline ? formatShortDate(deadline) : 'No deadline';
}

/** The form's rules, defaults and request, for the screen. */
export const openCallForm = { schema: openCallSchema, defaults: openCallDefaults, toInput: openCallInput };

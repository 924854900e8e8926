/**
 * The open call form's rules (spec sections 4, 5): its values and defaults,
 * the checks mirrored from the server (src/content/open_calls.rs), and the
 * request it sends, where every empty optional field is null.
 */
import { z } from 'zod';
import type { OpenCall, OpenCallInput } from '../../../api/types';
import { formatShortDate } from '../../../lib/format';
import { inputText, isHttpUrl, optionalText } from '../form-values';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The server's `is_email`: something@something.something, one '@'. */
function isEmail(value: string): boolean {
  const at = value.indexOf('@');
  if (at <= 0 || at !== value.lastIndexOf('@')) return false;
  const domain = value.slice(at + 1);
  return domain.includes('.') && !domain.startsWith('.') && !domain.endsWith('.') && !/\s/.test(value);
}

export const STATUS_OPTIONS = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
] as const;

export const openCallSchema = z.object({
  title: z.string().trim().min(1, 'Title is required'),
  slug: z
    .string()
    .trim()
    .min(1, 'Slug is required')
    .refine((slug) => slug === '' || SLUG.test(slug), 'Slug may contain only lower-case letters, digits and single hyphens'),
  description: z.string(),
  content: z.string(),
  requirements: z.string(),
  contact_email: z.string().trim().refine((email) => email === '' || isEmail(email), 'Contact email must be a valid email address'),
  contact_info: z.string(),
  application_url: z
    .string()
    .trim()
    .refine((url) => url === '' || isHttpUrl(url), 'Application URL must be a valid URL starting with http:// or https://'),
  funding_amount: z.string(),
  duration: z.string(),
  funding_agency: z.string(),
  deadline: z.string().refine((date) => date === '' || ISO_DATE.test(date), 'Deadline must be a date'),
  status: z.enum(['published', 'draft']),
  featured: z.boolean(),
});

export type OpenCallValues = z.infer<typeof openCallSchema>;

/** Every field of the form, for putting the server's 422 messages next to them. */
export const OPEN_CALL_FIELDS = Object.keys(openCallSchema.shape) as (keyof OpenCallValues)[];

/** A new call: empty, published, not featured. */
export const EMPTY_OPEN_CALL: OpenCallValues = {
  title: '',
  slug: '',
  description: '',
  content: '',
  requirements: '',
  contact_email: '',
  contact_info: '',
  application_url: '',
  funding_amount: '',
  duration: '',
  funding_agency: '',
  deadline: '',
  status: 'published',
  featured: false,
};

/** The form prefilled with a stored call (null shows as ''). */
export function openCallValues(call: OpenCall): OpenCallValues {
  return {
    title: call.title,
    slug: call.slug,
    description: inputText(call.description),
    content: inputText(call.content),
    requirements: inputText(call.requirements),
    contact_email: inputText(call.contact_email),
    contact_info: inputText(call.contact_info),
    application_url: inputText(call.application_url),
    funding_amount: inputText(call.funding_amount),
    duration: inputText(call.duration),
    funding_agency: inputText(call.funding_agency),
    deadline: inputText(call.deadline),
    status: call.status === 'draft' ? 'draft' : 'published',
    featured: call.featured,
  };
}

/**
 * Whether editor HTML holds nothing a reader would see: Tiptap's empty
 * document is '<p></p>', and paragraphs of spaces or line breaks are as empty.
 */
export function isEmptyRichText(html: string): boolean {
  return /^(?:\s|&nbsp;|<p>|<\/p>|<br\s*\/?>)*$/i.test(html);
}

/** Editor HTML, or null when it is empty. */
export function optionalRichText(html: string): string | null {
  return isEmptyRichText(html) ? null : html;
}

/** The request body: empty optional fields are sent as null (spec section 5). */
export function openCallInput(values: OpenCallValues): OpenCallInput {
  return {
    title: values.title.trim(),
    slug: values.slug.trim(),
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

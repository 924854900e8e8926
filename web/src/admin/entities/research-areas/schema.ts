/** Research areas (spec sections 4, 5): the form's rules, its defaults and the request it sends. */
import { z } from 'zod';
import { CONTENT_STATUSES, DEFAULT_COLOR, DEFAULT_CONTENT_STATUS } from '../../../api/rules';
import type { ResearchAreaInput } from '../../../api/types';
import {
  blankValues,
  colorRule,
  entityKind,
  longText,
  oneOf,
  optionalLine,
  optionalText,
  parseInteger,
  requiredText,
  slugRule,
} from '../kit';

export const researchAreaKind = entityKind({ path: 'research-areas', label: 'Research area', noun: 'research area' });

export const DEFAULT_ICON = 'Shield';

export const researchAreaSchema = z.object({
  title: requiredText('Title'),
  slug: slugRule,
  description: longText('Description'),
  content: longText('Content'),
  color: colorRule,
  icon: optionalLine('Icon'),
  sort_order: z.string(),
  featured: z.boolean(),
  status: oneOf(CONTENT_STATUSES),
});
export type ResearchAreaValues = z.infer<typeof researchAreaSchema>;

/** A new area: the spec's defaults (#3b82f6, Shield, sort order 0, published). */
export function researchAreaDefaults(): ResearchAreaValues {
  return blankValues(researchAreaSchema, { color: DEFAULT_COLOR, icon: DEFAULT_ICON, sort_order: '0', status: DEFAULT_CONTENT_STATUS });
}

export function researchAreaInput(values: ResearchAreaValues): ResearchAreaInput {
  return {
    title: values.title,
    slug: optionalText(values.slug),
    description: optionalText(values.description),
    content: optionalText(values.content),
    color: optionalText(values.color),
    icon: optionalText(values.icon),
    sort_order: parseInteger(values.sort_order, 0),
    featured: values.featured,
    status: values.status,
  };
}

/** The form's rules, defaults and request, for the screen. */
export const researchAreaForm = { schema: researchAreaSchema, defaults: researchAreaDefaults, toInput: researchAreaInput };

/** Projects (spec sections 4, 5): the form's rules, its defaults and the request it sends. */
import { z } from 'zod';
import { CONTENT_STATUSES, DEFAULT_CONTENT_STATUS, MAX_LONG } from '../../../api/rules';
import type { ProjectInput } from '../../../api/types';
import {
  blankValues,
  entityKind,
  longText,
  nonEmptyEntries,
  oneOf,
  optionalLine,
  optionalText,
  optionalUrl,
  parseInteger,
  requiredText,
  slugRule,
} from '../kit';

export const projectKind = entityKind({ path: 'projects', label: 'Project', noun: 'project' });

export const projectSchema = z
  .object({
    title: requiredText('Title'),
    slug: slugRule,
    summary: requiredText('Summary', MAX_LONG),
    content: longText('Content'),
    tech_stack: z.array(optionalLine('Technology')),
    collaborators: z.array(optionalLine('Collaborator')),
    repository_url: optionalUrl('Repository URL'),
    demo_url: optionalUrl('Demo URL'),
    funding_source: optionalLine('Funding source'),
    funding_amount: optionalLine('Funding amount'),
    start_date: z.string(),
    end_date: z.string(),
    sort_order: z.string(),
    featured: z.boolean(),
    status: oneOf(CONTENT_STATUSES),
    tag_ids: z.array(z.string()),
  })
  // ISO dates compare as text; the server makes the same check.
  .refine((values) => values.start_date === '' || values.end_date === '' || values.end_date >= values.start_date, {
    path: ['end_date'],
    message: 'End date must not be before the start date',
  });
export type ProjectValues = z.infer<typeof projectSchema>;

/** A new project: sort order 0, published. */
export function projectDefaults(): ProjectValues {
  return blankValues(projectSchema, { sort_order: '0', status: DEFAULT_CONTENT_STATUS });
}

/** Empty list entries are dropped and empty dates sent as null (spec section 5). */
export function projectInput(values: ProjectValues): ProjectInput {
  return {
    title: values.title,
    slug: optionalText(values.slug),
    summary: values.summary,
    content: optionalText(values.content),
    tech_stack: nonEmptyEntries(values.tech_stack),
    collaborators: nonEmptyEntries(values.collaborators),
    repository_url: optionalText(values.repository_url),
    demo_url: optionalText(values.demo_url),
    funding_source: optionalText(values.funding_source),
    funding_amount: optionalText(values.funding_amount),
    start_date: optionalText(values.start_date),
    end_date: optionalText(values.end_date),
    sort_order: parseInteger(values.sort_order, 0),
    featured: values.featured,
    status: values.status,
    tag_ids: values.tag_ids,
  };
}

/** The form's rules, defaults and request, for the screen. */
export const projectForm = { schema: projectSchema, defaults: projectDefaults, toInput: projectInput };

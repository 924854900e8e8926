/** CV: education (issue 28): the form's rules, its defaults and the request it sends (src/content/cv_education.rs). */
import { z } from 'zod';
import { CONTENT_STATUSES, DEFAULT_CONTENT_STATUS } from '../../../api/rules';
import type { CvEducationInput } from '../../../api/types';
import { blankValues, currentYear, entityKind, oneOf, optionalLine, optionalText, parseInteger, requiredText } from '../kit';
import { cvYear } from '../kit/cv';

export const educationKind = entityKind({ path: 'cv-education', label: 'Degree', noun: 'degree' });

export const educationSchema = z.object({
  degree: requiredText('Degree'),
  field: optionalLine('Field'),
  institution: requiredText('Institution'),
  year: cvYear('Year'),
  thesis_title: optionalLine('Thesis title'),
  advisor: optionalLine('Advisor'),
  sort_order: z.string(),
  status: oneOf(CONTENT_STATUSES),
});
export type CvEducationValues = z.infer<typeof educationSchema>;

/** A new row: published, first in the order, this year. */
export function educationDefaults(): CvEducationValues {
  return blankValues(educationSchema, { year: String(currentYear()), sort_order: '0', status: DEFAULT_CONTENT_STATUS });
}

export function educationInput(values: CvEducationValues): CvEducationInput {
  return {
    degree: values.degree,
    field: optionalText(values.field),
    institution: values.institution,
    year: parseInteger(values.year, 0),
    thesis_title: optionalText(values.thesis_title),
    advisor: optionalText(values.advisor),
    sort_order: parseInteger(values.sort_order, 0),
    status: values.status,
  };
}

/** The form's rules, defaults and request, for the screen. */
export const educationForm = { schema: educationSchema, defaults: educationDefaults, toInput: educationInput };

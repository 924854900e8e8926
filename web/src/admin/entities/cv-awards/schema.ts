/** CV: awards and honours (issue 28): the form's rules, its defaults and the request it sends (src/content/cv_awards.rs). */
import { z } from 'zod';
import { CONTENT_STATUSES, DEFAULT_CONTENT_STATUS } from '../../../api/rules';
import type { CvAwardInput } from '../../../api/types';
import { blankValues, currentYear, entityKind, oneOf, optionalLine, optionalText, parseInteger, requiredText } from '../kit';
import { cvYear } from '../kit/cv';

export const awardKind = entityKind({ path: 'cv-awards', label: 'Award', noun: 'award' });

export const awardSchema = z.object({
  name: requiredText('Name'),
  awarding_body: optionalLine('Awarding body'),
  year: cvYear('Year'),
  sort_order: z.string(),
  status: oneOf(CONTENT_STATUSES),
});
export type CvAwardValues = z.infer<typeof awardSchema>;

/** A new row: published, first in the order, this year. */
export function awardDefaults(): CvAwardValues {
  return blankValues(awardSchema, { year: String(currentYear()), sort_order: '0', status: DEFAULT_CONTENT_STATUS });
}

export function awardInput(values: CvAwardValues): CvAwardInput {
  return {
    name: values.name,
    awarding_body: optionalText(values.awarding_body),
    year: parseInteger(values.year, 0),
    sort_order: parseInteger(values.sort_order, 0),
    status: values.status,
  };
}

/** The form's rules, defaults and request, for the screen. */
export const awardForm = { schema: awardSchema, defaults: awardDefaults, toInput: awardInput };

/** CV: other cv sections (issue 28): the form's rules, its defaults and the request it sends (src/content/cv_other.rs). */
import { z } from 'zod';
import { CONTENT_STATUSES, DEFAULT_CONTENT_STATUS } from '../../../api/rules';
import type { CvOtherInput } from '../../../api/types';
import { blankValues, entityKind, longText, oneOf, optionalRichText, parseInteger, requiredText } from '../kit';

export const cvOtherKind = entityKind({ path: 'cv-other', label: 'CV section', noun: 'CV section' });

export const cvOtherSchema = z.object({
  title: requiredText('Title'),
  content: longText('Content'),
  sort_order: z.string(),
  status: oneOf(CONTENT_STATUSES),
});
export type CvOtherValues = z.infer<typeof cvOtherSchema>;

/** A new row: published, first in the order. */
export function cvOtherDefaults(): CvOtherValues {
  return blankValues(cvOtherSchema, { sort_order: '0', status: DEFAULT_CONTENT_STATUS });
}

export function cvOtherInput(values: CvOtherValues): CvOtherInput {
  return {
    title: values.title,
    content: optionalRichText(values.content),
    sort_order: parseInteger(values.sort_order, 0),
    status: values.status,
  };
}

/** The form's rules, defaults and request, for the screen. */
export const cvOtherForm = { schema: cvOtherSchema, defaults: cvOtherDefaults, toInput: cvOtherInput };

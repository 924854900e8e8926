/** CV: other cv sections (issue 28): the form's rules, its defaults and the request it sends (src/content/cv_other.rs). */
import type { CvOtherInput } from '../../../api/types';
import { entityKind, longText, optionalRichText, requiredText } from '../kit';
import { type CvOwnInput, type CvValues, cvForm } from '../kit/cv';

export const cvOtherKind = entityKind({ path: 'cv-other', label: 'CV section', noun: 'CV section' });

const cvOtherRules = { title: requiredText('Title'), content: longText('Content') };
export type CvOtherValues = CvValues<typeof cvOtherRules>;

function cvOtherInput(values: CvOtherValues): CvOwnInput<CvOtherInput> {
  return { title: values.title, content: optionalRichText(values.content) };
}

/** The form's rules, defaults and request, for the screen. */
export const cvOtherForm = cvForm(cvOtherRules, {}, cvOtherInput);

/** CV: awards and honours (issue 28): the form's rules, its defaults and the request it sends (src/content/cv_awards.rs). */
import type { CvAwardInput } from '../../../api/types';
import { entityKind, optionalLine, optionalText, parseInteger, requiredText } from '../kit';
import { type CvOwnInput, type CvValues, cvForm, cvYear, thisYear } from '../kit/cv';

export const awardKind = entityKind({ path: 'cv-awards', label: 'Award', noun: 'award' });

const awardRules = {
  name: requiredText('Name'),
  awarding_body: optionalLine('Awarding body'),
  year: cvYear('Year'),
};
export type CvAwardValues = CvValues<typeof awardRules>;

function awardInput(values: CvAwardValues): CvOwnInput<CvAwardInput> {
  return { name: values.name, awarding_body: optionalText(values.awarding_body), year: parseInteger(values.year, 0) };
}

/** The form's rules, defaults (this year) and request, for the screen. */
export const awardForm = cvForm(awardRules, { year: thisYear() }, awardInput);

/** CV: education (issue 28): the form's rules, its defaults and the request it sends (src/content/cv_education.rs). */
import type { CvEducationInput } from '../../../api/types';
import { entityKind, optionalLine, optionalText, parseInteger, requiredText } from '../kit';
import { type CvOwnInput, type CvValues, cvForm, cvYear, thisYear } from '../kit/cv';

export const educationKind = entityKind({ path: 'cv-education', label: 'Degree', noun: 'degree' });

const educationRules = {
  degree: requiredText('Degree'),
  field: optionalLine('Field'),
  institution: requiredText('Institution'),
  year: cvYear('Year'),
  thesis_title: optionalLine('Thesis title'),
  advisor: optionalLine('Advisor'),
};
export type CvEducationValues = CvValues<typeof educationRules>;

function educationInput(values: CvEducationValues): CvOwnInput<CvEducationInput> {
  return {
    degree: values.degree,
    field: optionalText(values.field),
    institution: values.institution,
    year: parseInteger(values.year, 0),
    thesis_title: optionalText(values.thesis_title),
    advisor: optionalText(values.advisor),
  };
}

/** The form's rules, defaults (this year) and request, for the screen. */
export const educationForm = cvForm(educationRules, { year: thisYear() }, educationInput);

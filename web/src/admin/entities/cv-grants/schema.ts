/** CV: grants and funding (issue 28): the form's rules, its defaults and the request it sends (src/content/cv_grants.rs). */
import { AMOUNT, CURRENCY_PATTERN } from '../../../api/rules';
import type { CvGrantInput } from '../../../api/types';
import { entityKind, numberText, optionalLine, optionalNumber, optionalText, requiredText } from '../kit';
import { type CvOwnInput, type CvValues, cvForm, cvYearSpanInput, cvYearSpanRules, thisYear } from '../kit/cv';

export const grantKind = entityKind({ path: 'cv-grants', label: 'Grant', noun: 'grant' });

/** Blank, or an ISO 4217 code (three capital letters); the server asks for one with an amount. */
const currencyRule = optionalLine('Currency').refine(
  (value) => value === '' || CURRENCY_PATTERN.test(value),
  'Currency must be an ISO 4217 code of three capital letters, e.g. EUR',
);

const grantRules = {
  title: requiredText('Title'),
  funder: requiredText('Funder'),
  role: optionalLine('Role'),
  amount: numberText('Amount', AMOUNT),
  currency: currencyRule,
  ...cvYearSpanRules,
};
export type CvGrantValues = CvValues<typeof grantRules>;

function grantInput(values: CvGrantValues): CvOwnInput<CvGrantInput> {
  return {
    title: values.title,
    funder: values.funder,
    role: optionalText(values.role),
    amount: optionalNumber(values.amount),
    currency: optionalText(values.currency),
    ...cvYearSpanInput(values),
  };
}

/** The form's rules, defaults (this year) and request, for the screen. */
export const grantForm = cvForm(grantRules, { start_year: thisYear() }, grantInput);

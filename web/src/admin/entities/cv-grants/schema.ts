/** CV: grants and funding (issue 28): the form's rules, its defaults and the request it sends (src/content/cv_grants.rs). */
import { z } from 'zod';
import { AMOUNT, CONTENT_STATUSES, CURRENCY_PATTERN, DEFAULT_CONTENT_STATUS } from '../../../api/rules';
import type { CvGrantInput } from '../../../api/types';
import {
  blankValues,
  currentYear,
  entityKind,
  numberText,
  oneOf,
  optionalInteger,
  optionalLine,
  optionalNumber,
  optionalText,
  parseInteger,
  requiredText,
} from '../kit';
import { cvYear, cvEndYear } from '../kit/cv';

export const grantKind = entityKind({ path: 'cv-grants', label: 'Grant', noun: 'grant' });

/** Blank, or an ISO 4217 code (three capital letters); the server asks for one with an amount. */
const currencyRule = optionalLine('Currency').refine(
  (value) => value === '' || CURRENCY_PATTERN.test(value),
  'Currency must be an ISO 4217 code of three capital letters, e.g. EUR',
);

export const grantSchema = z.object({
  title: requiredText('Title'),
  funder: requiredText('Funder'),
  role: optionalLine('Role'),
  amount: numberText('Amount', AMOUNT),
  currency: currencyRule,
  start_year: cvYear('Start year'),
  end_year: cvEndYear('End year'),
  sort_order: z.string(),
  status: oneOf(CONTENT_STATUSES),
});
export type CvGrantValues = z.infer<typeof grantSchema>;

/** A new row: published, first in the order, this year. */
export function grantDefaults(): CvGrantValues {
  return blankValues(grantSchema, { start_year: String(currentYear()), sort_order: '0', status: DEFAULT_CONTENT_STATUS });
}

export function grantInput(values: CvGrantValues): CvGrantInput {
  return {
    title: values.title,
    funder: values.funder,
    role: optionalText(values.role),
    amount: optionalNumber(values.amount),
    currency: optionalText(values.currency),
    start_year: parseInteger(values.start_year, 0),
    end_year: optionalInteger(values.end_year),
    sort_order: parseInteger(values.sort_order, 0),
    status: values.status,
  };
}

/** The form's rules, defaults and request, for the screen. */
export const grantForm = { schema: grantSchema, defaults: grantDefaults, toInput: grantInput };

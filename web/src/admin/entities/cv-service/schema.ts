/** CV: service (issue 28): the form's rules, its defaults and the request it sends (src/content/cv_service.rs). */
import { DEFAULT_SERVICE_KIND, SERVICE_KINDS } from '../../../api/rules';
import type { CvServiceInput, ServiceKind } from '../../../api/types';
import { entityKind, oneOf, requiredText } from '../kit';
import { type CvOwnInput, type CvValues, cvForm, cvYearSpanInput, cvYearSpanRules, thisYear } from '../kit/cv';

export const serviceKind = entityKind({ path: 'cv-service', label: 'Service role', noun: 'service role' });

export const SERVICE_KIND_LABELS: Record<ServiceKind, string> = {
  committee: 'Committee',
  'editorial-board': 'Editorial board',
  reviewing: 'Reviewing',
  other: 'Other',
};

const serviceRules = {
  role: requiredText('Role'),
  body: requiredText('Body'),
  kind: oneOf(SERVICE_KINDS),
  ...cvYearSpanRules,
};
export type CvServiceValues = CvValues<typeof serviceRules>;

function serviceInput(values: CvServiceValues): CvOwnInput<CvServiceInput> {
  return { role: values.role, body: values.body, kind: values.kind, ...cvYearSpanInput(values) };
}

/** The form's rules, defaults (this year) and request, for the screen. */
export const serviceForm = cvForm(serviceRules, { kind: DEFAULT_SERVICE_KIND, start_year: thisYear() }, serviceInput);

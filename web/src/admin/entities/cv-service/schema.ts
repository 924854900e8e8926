/** CV: service (issue 28): the form's rules, its defaults and the request it sends (src/content/cv_service.rs). */
import { z } from 'zod';
import { CONTENT_STATUSES, DEFAULT_CONTENT_STATUS, DEFAULT_SERVICE_KIND, SERVICE_KINDS } from '../../../api/rules';
import type { CvServiceInput, ServiceKind } from '../../../api/types';
import { blankValues, currentYear, entityKind, oneOf, optionalInteger, parseInteger, requiredText } from '../kit';
import { cvYear, cvEndYear } from '../kit/cv';

export const serviceKind = entityKind({ path: 'cv-service', label: 'Service role', noun: 'service role' });

export const SERVICE_KIND_LABELS: Record<ServiceKind, string> = {
  committee: 'Committee',
  'editorial-board': 'Editorial board',
  reviewing: 'Reviewing',
  other: 'Other',
};

export const serviceSchema = z.object({
  role: requiredText('Role'),
  body: requiredText('Body'),
  kind: oneOf(SERVICE_KINDS),
  start_year: cvYear('Start year'),
  end_year: cvEndYear('End year'),
  sort_order: z.string(),
  status: oneOf(CONTENT_STATUSES),
});
export type CvServiceValues = z.infer<typeof serviceSchema>;

/** A new row: published, first in the order, this year. */
export function serviceDefaults(): CvServiceValues {
  return blankValues(serviceSchema, {
    kind: DEFAULT_SERVICE_KIND,
    start_year: String(currentYear()),
    sort_order: '0',
    status: DEFAULT_CONTENT_STATUS,
  });
}

export function serviceInput(values: CvServiceValues): CvServiceInput {
  return {
    role: values.role,
    body: values.body,
    kind: values.kind,
    start_year: parseInteger(values.start_year, 0),
    end_year: optionalInteger(values.end_year),
    sort_order: parseInteger(values.sort_order, 0),
    status: values.status,
  };
}

/** The form's rules, defaults and request, for the screen. */
export const serviceForm = { schema: serviceSchema, defaults: serviceDefaults, toInput: serviceInput };

/** CV: appointments (issue 28): the form's rules, its defaults and the request it sends (src/content/cv_appointments.rs). */
import { z } from 'zod';
import { CONTENT_STATUSES, DEFAULT_CONTENT_STATUS } from '../../../api/rules';
import type { CvAppointmentInput } from '../../../api/types';
import {
  blankValues,
  currentYear,
  entityKind,
  oneOf,
  optionalInteger,
  optionalLine,
  optionalText,
  parseInteger,
  requiredText,
} from '../kit';
import { cvYear, cvEndYear } from '../kit/cv';

export const appointmentKind = entityKind({ path: 'cv-appointments', label: 'Appointment', noun: 'appointment' });

export const appointmentSchema = z.object({
  title: requiredText('Title'),
  institution: requiredText('Institution'),
  place: optionalLine('Place'),
  start_year: cvYear('Start year'),
  end_year: cvEndYear('End year'),
  sort_order: z.string(),
  status: oneOf(CONTENT_STATUSES),
});
export type CvAppointmentValues = z.infer<typeof appointmentSchema>;

/** A new row: published, first in the order, this year. */
export function appointmentDefaults(): CvAppointmentValues {
  return blankValues(appointmentSchema, { start_year: String(currentYear()), sort_order: '0', status: DEFAULT_CONTENT_STATUS });
}

export function appointmentInput(values: CvAppointmentValues): CvAppointmentInput {
  return {
    title: values.title,
    institution: values.institution,
    place: optionalText(values.place),
    start_year: parseInteger(values.start_year, 0),
    end_year: optionalInteger(values.end_year),
    sort_order: parseInteger(values.sort_order, 0),
    status: values.status,
  };
}

/** The form's rules, defaults and request, for the screen. */
export const appointmentForm = { schema: appointmentSchema, defaults: appointmentDefaults, toInput: appointmentInput };

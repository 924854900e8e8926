/** CV: appointments (issue 28): the form's rules, its defaults and the request it sends (src/content/cv_appointments.rs). */
import type { CvAppointmentInput } from '../../../api/types';
import { entityKind, optionalLine, optionalText, requiredText } from '../kit';
import { type CvOwnInput, type CvValues, cvForm, cvYearSpanInput, cvYearSpanRules, thisYear } from '../kit/cv';

export const appointmentKind = entityKind({ path: 'cv-appointments', label: 'Appointment', noun: 'appointment' });

const appointmentRules = {
  title: requiredText('Title'),
  institution: requiredText('Institution'),
  place: optionalLine('Place'),
  ...cvYearSpanRules,
};
export type CvAppointmentValues = CvValues<typeof appointmentRules>;

function appointmentInput(values: CvAppointmentValues): CvOwnInput<CvAppointmentInput> {
  return { title: values.title, institution: values.institution, place: optionalText(values.place), ...cvYearSpanInput(values) };
}

/** The form's rules, defaults (this year) and request, for the screen. */
export const appointmentForm = cvForm(appointmentRules, { start_year: thisYear() }, appointmentInput);

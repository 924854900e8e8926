/** /admin/cv-appointments: positions held, shown on /cv and, when chosen, on About. A table with an add/edit dialog. */
import type { CvAppointment } from '../../../api/types';
import type { Column, FieldsArgs } from '../kit';
import { CvScreen, CvYearSpanFields, nameColumn, yearsColumn } from '../kit/cv';
import { appointmentForm, appointmentKind, type CvAppointmentValues } from './schema';

const fields = ({ Field }: FieldsArgs<CvAppointment, CvAppointmentValues>) => (
  <>
    <Field.Text name="title" label="Title" required autoComplete="off" wide />
    <Field.Text name="institution" label="Institution" required autoComplete="off" />
    <Field.Text name="place" label="Place" autoComplete="off" />
    <CvYearSpanFields />
  </>
);

const columns: readonly Column<CvAppointment>[] = [
  nameColumn('Title', (item) => item.title),
  { header: 'Institution', cell: (item) => [item.institution, item.place].filter(Boolean).join(', ') },
  yearsColumn(),
];

const TEXTS = {
  title: 'Appointments',
  description: 'Positions held. Published ones are shown on /cv and, when chosen under About Page (as Experience), on About.',
};

export default function CvAppointmentsScreen() {
  return (
    <CvScreen
      kind={appointmentKind}
      texts={TEXTS}
      form={{ ...appointmentForm, fields, translation: 'cv_appointment' }}
      columns={columns}
      rowName={(item) => item.title}
    />
  );
}

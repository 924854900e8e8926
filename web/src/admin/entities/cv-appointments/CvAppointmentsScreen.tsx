/** /admin/cv-appointments: positions held, shown on the CV page when published. A table with an add/edit dialog. */
import type { CvAppointment, CvAppointmentInput } from '../../../api/types';
import { EntityScreen, statusColumn, type Column, type EntityFormSpec } from '../kit';
import { CONTENT_STATUS_LABELS } from '../kit/common-fields';
import { yearSpan } from '../../../lib/years';
import { CvOrderFields } from '../kit/cv';
import { appointmentForm, appointmentKind, type CvAppointmentValues } from './schema';

const form: EntityFormSpec<CvAppointment, CvAppointmentValues, CvAppointmentInput> = {
  ...appointmentForm,
  fields: ({ Field }) => (
    <>
      <Field.Text name="title" label="Title" required autoComplete="off" wide />
      <Field.Text name="institution" label="Institution" required autoComplete="off" />
      <Field.Text name="place" label="Place" autoComplete="off" />
      <Field.Text name="start_year" label="Start year" required inputMode="numeric" />
      <Field.Text name="end_year" label="End year" inputMode="numeric" hint="Leave empty for present." />
      <CvOrderFields />
    </>
  ),
};

const TEXTS = { title: 'Appointments', itemName: 'Appointment', description: 'Positions held, shown on the CV page when published.' };

const columns: readonly Column<CvAppointment>[] = [
  { header: 'Title', cell: (item) => <span className="font-medium">{item.title}</span> },
  { header: 'Institution', cell: (item) => [item.institution, item.place].filter(Boolean).join(', ') },
  { header: 'Years', cell: (item) => <span className="whitespace-nowrap">{yearSpan(item.start_year, item.end_year)}</span> },
  { header: 'Order', cell: (item) => item.sort_order },
  statusColumn(CONTENT_STATUS_LABELS, 'published'),
];

/** Names the row in its buttons: 'Edit …', 'Delete …'. */
const rowName = (item: CvAppointment) => item.title;

export default function CvAppointmentsScreen() {
  return <EntityScreen kind={appointmentKind} texts={TEXTS} namedSubmit list={{ layout: 'table', columns, rowName }} form={form} />;
}

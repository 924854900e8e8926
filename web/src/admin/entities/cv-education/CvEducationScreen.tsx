/** /admin/cv-education: degrees, with thesis and advisor, shown on the CV page when published. A table with an add/edit dialog. */
import type { CvEducation, CvEducationInput } from '../../../api/types';
import { EntityScreen, statusColumn, type Column, type EntityFormSpec } from '../kit';
import { CONTENT_STATUS_LABELS } from '../kit/common-fields';
import { CvOrderFields } from '../kit/cv';
import { educationForm, educationKind, type CvEducationValues } from './schema';

const form: EntityFormSpec<CvEducation, CvEducationValues, CvEducationInput> = {
  ...educationForm,
  fields: ({ Field }) => (
    <>
      <Field.Text name="degree" label="Degree" required autoComplete="off" hint="e.g. PhD, MSc." />
      <Field.Text name="field" label="Field" autoComplete="off" />
      <Field.Text name="institution" label="Institution" required autoComplete="off" />
      <Field.Text name="year" label="Year" required inputMode="numeric" />
      <Field.Text name="thesis_title" label="Thesis title" autoComplete="off" wide />
      <Field.Text name="advisor" label="Advisor" autoComplete="off" />
      <CvOrderFields />
    </>
  ),
};

const TEXTS = {
  title: 'Education',
  itemName: 'Degree',
  description: 'Degrees, with thesis and advisor, shown on the CV page when published.',
};

const columns: readonly Column<CvEducation>[] = [
  { header: 'Degree', cell: (item) => <span className="font-medium">{[item.degree, item.field].filter(Boolean).join(', ')}</span> },
  { header: 'Institution', cell: (item) => item.institution },
  { header: 'Year', cell: (item) => item.year },
  { header: 'Order', cell: (item) => item.sort_order },
  statusColumn(CONTENT_STATUS_LABELS, 'published'),
];

/** Names the row in its buttons: 'Edit …', 'Delete …'. */
const rowName = (item: CvEducation) => [item.degree, item.field].filter(Boolean).join(', ');

export default function CvEducationScreen() {
  return <EntityScreen kind={educationKind} texts={TEXTS} namedSubmit list={{ layout: 'table', columns, rowName }} form={form} />;
}

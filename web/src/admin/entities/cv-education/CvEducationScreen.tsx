/** /admin/cv-education: degrees, with thesis and advisor, shown on /cv and, when chosen, on About. A table with an add/edit dialog. */
import type { CvEducation } from '../../../api/types';
import type { Column, FieldsArgs } from '../kit';
import { CvScreen, CvYearField, nameColumn } from '../kit/cv';
import { type CvEducationValues, educationForm, educationKind } from './schema';

const fields = ({ Field }: FieldsArgs<CvEducation, CvEducationValues>) => (
  <>
    <Field.Text name="degree" label="Degree" required autoComplete="off" hint="e.g. PhD, MSc." />
    <Field.Text name="field" label="Field" autoComplete="off" />
    <Field.Text name="institution" label="Institution" required autoComplete="off" />
    <CvYearField />
    <Field.Text name="thesis_title" label="Thesis title" autoComplete="off" wide />
    <Field.Text name="advisor" label="Advisor" autoComplete="off" />
  </>
);

/** The degree and its field ('PhD, Computer Science'): the table's first column, and the row's name in its buttons. */
const degreeName = (item: CvEducation) => [item.degree, item.field].filter(Boolean).join(', ');

const columns: readonly Column<CvEducation>[] = [
  nameColumn('Degree', degreeName),
  { header: 'Institution', cell: (item) => item.institution },
  { header: 'Year', cell: (item) => item.year },
];

const TEXTS = {
  title: 'Education',
  description: 'Degrees, with thesis and advisor. Published ones are shown on /cv and, when chosen under About Page, on About.',
};

export default function CvEducationScreen() {
  return (
    <CvScreen
      kind={educationKind}
      texts={TEXTS}
      form={{ ...educationForm, fields, translation: 'cv_education' }}
      columns={columns}
      rowName={degreeName}
    />
  );
}

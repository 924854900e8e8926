/** /admin/cv-awards: awards and honours, shown on /cv and, when chosen, on About. A table with an add/edit dialog. */
import type { CvAward } from '../../../api/types';
import type { Column, FieldsArgs } from '../kit';
import { CvScreen, CvYearField, nameColumn } from '../kit/cv';
import { awardForm, awardKind, type CvAwardValues } from './schema';

const fields = ({ Field }: FieldsArgs<CvAward, CvAwardValues>) => (
  <>
    <Field.Text name="name" label="Name" required autoComplete="off" wide />
    <Field.Text name="awarding_body" label="Awarding body" autoComplete="off" />
    <CvYearField />
  </>
);

const columns: readonly Column<CvAward>[] = [
  nameColumn('Name', (item) => item.name),
  { header: 'Awarding body', cell: (item) => item.awarding_body ?? '-' },
  { header: 'Year', cell: (item) => item.year },
];

const TEXTS = {
  title: 'Awards and Honours',
  description: 'Awards and honours. Published ones are shown on /cv and, when chosen under About Page, on About.',
};

export default function CvAwardsScreen() {
  return (
    <CvScreen
      kind={awardKind}
      texts={TEXTS}
      form={{ ...awardForm, fields, translation: 'cv_award' }}
      columns={columns}
      rowName={(item) => item.name}
    />
  );
}

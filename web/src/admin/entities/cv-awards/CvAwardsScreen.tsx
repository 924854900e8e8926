/** /admin/cv-awards: awards and honours, shown on the CV page when published. A table with an add/edit dialog. */
import type { CvAward, CvAwardInput } from '../../../api/types';
import { EntityScreen, statusColumn, type Column, type EntityFormSpec } from '../kit';
import { CONTENT_STATUS_LABELS } from '../kit/common-fields';
import { CvOrderFields } from '../kit/cv';
import { awardForm, awardKind, type CvAwardValues } from './schema';

const form: EntityFormSpec<CvAward, CvAwardValues, CvAwardInput> = {
  ...awardForm,
  fields: ({ Field }) => (
    <>
      <Field.Text name="name" label="Name" required autoComplete="off" wide />
      <Field.Text name="awarding_body" label="Awarding body" autoComplete="off" />
      <Field.Text name="year" label="Year" required inputMode="numeric" />
      <CvOrderFields />
    </>
  ),
};

const TEXTS = { title: 'Awards and Honours', itemName: 'Award', description: 'Awards and honours, shown on the CV page when published.' };

const columns: readonly Column<CvAward>[] = [
  { header: 'Name', cell: (item) => <span className="font-medium">{item.name}</span> },
  { header: 'Awarding body', cell: (item) => item.awarding_body ?? '-' },
  { header: 'Year', cell: (item) => item.year },
  { header: 'Order', cell: (item) => item.sort_order },
  statusColumn(CONTENT_STATUS_LABELS, 'published'),
];

/** Names the row in its buttons: 'Edit …', 'Delete …'. */
const rowName = (item: CvAward) => item.name;

export default function CvAwardsScreen() {
  return <EntityScreen kind={awardKind} texts={TEXTS} namedSubmit list={{ layout: 'table', columns, rowName }} form={form} />;
}

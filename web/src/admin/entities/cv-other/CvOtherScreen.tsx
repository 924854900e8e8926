/** /admin/cv-other: free sections of the CV (languages, memberships, …), shown on the CV page when published. A table with an add/edit dialog. */
import type { CvOther, CvOtherInput } from '../../../api/types';
import { EntityScreen, statusColumn, type Column, type EntityFormSpec } from '../kit';
import { CONTENT_STATUS_LABELS } from '../kit/common-fields';
import { CvOrderFields } from '../kit/cv';
import { cvOtherForm, cvOtherKind, type CvOtherValues } from './schema';

const form: EntityFormSpec<CvOther, CvOtherValues, CvOtherInput> = {
  ...cvOtherForm,
  fields: ({ Field }) => (
    <>
      <Field.Text name="title" label="Title" required autoComplete="off" wide />
      <Field.RichText name="content" label="Content" />
      <CvOrderFields />
    </>
  ),
};

const TEXTS = {
  title: 'Other CV Sections',
  itemName: 'CV section',
  description: 'Free sections of the CV (languages, memberships, …), shown on the CV page when published.',
};

const columns: readonly Column<CvOther>[] = [
  { header: 'Title', cell: (item) => <span className="font-medium">{item.title}</span> },
  { header: 'Order', cell: (item) => item.sort_order },
  statusColumn(CONTENT_STATUS_LABELS, 'published'),
];

/** Names the row in its buttons: 'Edit …', 'Delete …'. */
const rowName = (item: CvOther) => item.title;

export default function CvOtherScreen() {
  return <EntityScreen kind={cvOtherKind} texts={TEXTS} namedSubmit list={{ layout: 'table', columns, rowName }} form={form} />;
}

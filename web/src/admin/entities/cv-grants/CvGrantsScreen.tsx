/** /admin/cv-grants: grants and funding, shown on the CV page when published. A table with an add/edit dialog. */
import type { CvGrant, CvGrantInput } from '../../../api/types';
import { EntityScreen, statusColumn, type Column, type EntityFormSpec } from '../kit';
import { CONTENT_STATUS_LABELS } from '../kit/common-fields';
import { yearSpan } from '../../../lib/years';
import { CvOrderFields } from '../kit/cv';
import { grantForm, grantKind, type CvGrantValues } from './schema';

const form: EntityFormSpec<CvGrant, CvGrantValues, CvGrantInput> = {
  ...grantForm,
  fields: ({ Field }) => (
    <>
      <Field.Text name="title" label="Title" required autoComplete="off" wide />
      <Field.Text name="funder" label="Funder" required autoComplete="off" />
      <Field.Text name="role" label="Role" autoComplete="off" hint="e.g. Principal investigator." />
      <Field.Text name="amount" label="Amount" inputMode="decimal" />
      <Field.Text name="currency" label="Currency" autoComplete="off" hint="An ISO 4217 code, e.g. EUR, SEK, USD." />
      <Field.Text name="start_year" label="Start year" required inputMode="numeric" />
      <Field.Text name="end_year" label="End year" inputMode="numeric" hint="Leave empty for present." />
      <CvOrderFields />
    </>
  ),
};

const TEXTS = { title: 'Grants and Funding', itemName: 'Grant', description: 'Grants and funding, shown on the CV page when published.' };

const columns: readonly Column<CvGrant>[] = [
  { header: 'Title', cell: (item) => <span className="font-medium">{item.title}</span> },
  { header: 'Funder', cell: (item) => [item.funder, item.role].filter(Boolean).join(' · ') },
  {
    header: 'Amount',
    cell: (item) => (item.amount === null ? '-' : `${item.amount.toLocaleString('en-US')} ${item.currency ?? ''}`.trim()),
  },
  { header: 'Years', cell: (item) => <span className="whitespace-nowrap">{yearSpan(item.start_year, item.end_year)}</span> },
  { header: 'Order', cell: (item) => item.sort_order },
  statusColumn(CONTENT_STATUS_LABELS, 'published'),
];

/** Names the row in its buttons: 'Edit …', 'Delete …'. */
const rowName = (item: CvGrant) => item.title;

export default function CvGrantsScreen() {
  return <EntityScreen kind={grantKind} texts={TEXTS} namedSubmit list={{ layout: 'table', columns, rowName }} form={form} />;
}

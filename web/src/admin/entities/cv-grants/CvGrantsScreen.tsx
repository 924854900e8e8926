/** /admin/cv-grants: grants and funding, shown on the CV page when published. A table with an add/edit dialog. */
import type { CvGrant } from '../../../api/types';
import type { Column, FieldsArgs } from '../kit';
import { CvScreen, CvYearSpanFields, nameColumn, yearsColumn } from '../kit/cv';
import { type CvGrantValues, grantForm, grantKind } from './schema';

const fields = ({ Field }: FieldsArgs<CvGrant, CvGrantValues>) => (
  <>
    <Field.Text name="title" label="Title" required autoComplete="off" wide />
    <Field.Text name="funder" label="Funder" required autoComplete="off" />
    <Field.Text name="role" label="Role" autoComplete="off" hint="e.g. Principal investigator." />
    <Field.Text name="amount" label="Amount" inputMode="decimal" />
    <Field.Text name="currency" label="Currency" autoComplete="off" hint="An ISO 4217 code, e.g. EUR, SEK, USD." />
    <CvYearSpanFields />
  </>
);

const columns: readonly Column<CvGrant>[] = [
  nameColumn('Title', (item) => item.title),
  { header: 'Funder', cell: (item) => [item.funder, item.role].filter(Boolean).join(' · ') },
  {
    header: 'Amount',
    cell: (item) => (item.amount === null ? '-' : `${item.amount.toLocaleString('en-US')} ${item.currency ?? ''}`.trim()),
  },
  yearsColumn(),
];

const TEXTS = { title: 'Grants and Funding', description: 'Grants and funding, shown on the CV page when published.' };

export default function CvGrantsScreen() {
  return (
    <CvScreen
      kind={grantKind}
      texts={TEXTS}
      form={{ ...grantForm, fields, translation: 'cv_grant' }}
      columns={columns}
      rowName={(item) => item.title}
    />
  );
}

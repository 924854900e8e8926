/** /admin/cv-service: committees, editorial boards and reviewing, shown on the CV page when published. A table with an add/edit dialog. */
import type { CvService, CvServiceInput } from '../../../api/types';
import { Badge } from '../../../components/ui/badge';
import { EntityScreen, optionsOf, statusColumn, type Column, type EntityFormSpec } from '../kit';
import { CONTENT_STATUS_LABELS } from '../kit/common-fields';
import { yearSpan } from '../../../lib/years';
import { CvOrderFields } from '../kit/cv';
import { serviceForm, serviceKind, type CvServiceValues, SERVICE_KIND_LABELS } from './schema';

const form: EntityFormSpec<CvService, CvServiceValues, CvServiceInput> = {
  ...serviceForm,
  fields: ({ Field }) => (
    <>
      <Field.Text name="role" label="Role" required autoComplete="off" hint="e.g. Programme committee member." />
      <Field.Text name="body" label="Body" required autoComplete="off" hint="The committee, journal or conference." />
      <Field.Select name="kind" label="Kind" options={optionsOf(SERVICE_KIND_LABELS)} />
      <Field.Text name="start_year" label="Start year" required inputMode="numeric" />
      <Field.Text name="end_year" label="End year" inputMode="numeric" hint="Leave empty for present." />
      <CvOrderFields />
    </>
  ),
};

const TEXTS = {
  title: 'Service',
  itemName: 'Service role',
  description: 'Committees, editorial boards and reviewing, shown on the CV page when published.',
};

const columns: readonly Column<CvService>[] = [
  { header: 'Role', cell: (item) => <span className="font-medium">{item.role}</span> },
  { header: 'Body', cell: (item) => item.body },
  { header: 'Kind', cell: (item) => <Badge variant="outline">{SERVICE_KIND_LABELS[item.kind]}</Badge> },
  { header: 'Years', cell: (item) => <span className="whitespace-nowrap">{yearSpan(item.start_year, item.end_year)}</span> },
  { header: 'Order', cell: (item) => item.sort_order },
  statusColumn(CONTENT_STATUS_LABELS, 'published'),
];

/** Names the row in its buttons: 'Edit …', 'Delete …'. */
const rowName = (item: CvService) => `${item.role}, ${item.body}`;

export default function CvServiceScreen() {
  return <EntityScreen kind={serviceKind} texts={TEXTS} namedSubmit list={{ layout: 'table', columns, rowName }} form={form} />;
}

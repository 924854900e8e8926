/** /admin/cv-service: committees, editorial boards and reviewing, shown on /cv and, when chosen, on About. A table with an add/edit dialog. */
import type { CvService } from '../../../api/types';
import { Badge } from '../../../components/ui/badge';
import { type Column, type FieldsArgs, optionsOf } from '../kit';
import { CvScreen, CvYearSpanFields, nameColumn, yearsColumn } from '../kit/cv';
import { type CvServiceValues, SERVICE_KIND_LABELS, serviceForm, serviceKind } from './schema';

const fields = ({ Field }: FieldsArgs<CvService, CvServiceValues>) => (
  <>
    <Field.Text name="role" label="Role" required autoComplete="off" hint="e.g. Programme committee member." />
    <Field.Text name="body" label="Body" required autoComplete="off" hint="The committee, journal or conference." />
    <Field.Select name="kind" label="Kind" options={optionsOf(SERVICE_KIND_LABELS)} />
    <CvYearSpanFields />
  </>
);

const columns: readonly Column<CvService>[] = [
  nameColumn('Role', (item) => item.role),
  { header: 'Body', cell: (item) => item.body },
  { header: 'Kind', cell: (item) => <Badge variant="outline">{SERVICE_KIND_LABELS[item.kind]}</Badge> },
  yearsColumn(),
];

const TEXTS = {
  title: 'Service',
  description: 'Committees, editorial boards and reviewing. Published ones are shown on /cv and, when chosen under About Page, on About.',
};

export default function CvServiceScreen() {
  return (
    <CvScreen
      kind={serviceKind}
      texts={TEXTS}
      form={{ ...serviceForm, fields, translation: 'cv_service' }}
      columns={columns}
      rowName={(item) => `${item.role}, ${item.body}`}
    />
  );
}

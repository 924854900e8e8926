/**
 * /admin/open-calls (spec section 2): 'Add Open Call' opens the form as an
 * inline card above the table (the button is hidden meanwhile); Edit opens
 * the same card prefilled. The table lists every call, drafts included.
 */
import type { OpenCall, OpenCallInput } from '../../../api/types';
import { Badge } from '../../../components/ui/badge';
import { EntityScreen, type Column, type EntityFormSpec } from '../kit';
import { PublishFields, TitleSlugFields } from '../kit/common-fields';
import { deadlineLabel, openCallForm, openCallKind, type OpenCallValues } from './schema';

const form: EntityFormSpec<OpenCall, OpenCallValues, OpenCallInput> = {
  ...openCallForm,
  fields: ({ form, Field, item: call }) => (
    <>
      {/* Spec section 4: the slug follows the title only while creating; an edited call keeps its address. */}
      <TitleSlugFields form={form} rule={call ? 'never' : 'always'} hint="The call's address on the Open Calls page." />
      <Field.TextArea name="description" label="Description" rows={3} wide />
      <Field.RichText name="content" label="Content" />
      <Field.RichText name="requirements" label="Requirements" />
      <Field.Text name="contact_email" label="Contact Email" type="email" autoComplete="off" />
      <Field.Text name="application_url" label="Application URL" type="url" inputMode="url" placeholder="https://" />
      <Field.Text name="funding_amount" label="Funding Amount" placeholder="e.g. €50,000" />
      <Field.Text name="duration" label="Duration" placeholder="e.g. 2 years" />
      <Field.Text name="funding_agency" label="Funding Agency" />
      <Field.Text name="deadline" label="Deadline" type="date" />
      <Field.RichText name="contact_info" label="Contact Information" />
      <PublishFields />
    </>
  ),
};

/** Empty cells say so in a muted tone. */
const muted = (text: string, present: boolean) => <span className={present ? undefined : 'text-muted-foreground'}>{text}</span>;

const columns: readonly Column<OpenCall>[] = [
  { header: 'Title', cell: (call) => call.title, className: 'min-w-48 font-medium' },
  { header: 'Funding Agency', cell: (call) => muted(call.funding_agency || 'Not specified', Boolean(call.funding_agency)) },
  {
    header: 'Deadline',
    className: 'whitespace-nowrap',
    cell: (call) =>
      call.deadline ? <time dateTime={call.deadline}>{deadlineLabel(call.deadline)}</time> : muted(deadlineLabel(null), false),
  },
  {
    header: 'Status',
    cell: (call) => (
      <Badge variant={call.status === 'published' ? 'default' : 'outline'} className="capitalize">
        {call.status}
      </Badge>
    ),
  },
  { header: 'Featured', cell: (call) => (call.featured ? <Badge variant="secondary">Featured</Badge> : null) },
];

const TEXTS = {
  title: 'Open Calls',
  itemName: 'Open Call',
  description: 'Funding opportunities and collaboration calls shown on the public Open Calls page.',
  emptyText: 'No open calls found. Create your first open call above.',
};

/** Names the row in its buttons: 'Edit …', 'Delete …'. */
const rowName = (call: OpenCall) => call.title;

export default function OpenCallsScreen() {
  return (
    <EntityScreen
      sentences="open_calls"
      tools={{ publishable: true, sorts: [{ value: 'title', label: 'Title (A–Z)' }] }}
      kind={openCallKind}
      texts={TEXTS}
      namedSubmit
      frame="card"
      list={{ layout: 'table', columns, rowName }}
      form={form}
    />
  );
}

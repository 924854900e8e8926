/** /admin/talks: talks and presentations, as a table with an add/edit dialog (spec sections 2, 3, 5). */
import type { Talk, TalkInput } from '../../../api/types';
import { Badge } from '../../../components/ui/badge';
import { EntityScreen, featuredTitleColumn, formatLocalDate, optionsOf, statusColumn, type Column, type EntityFormSpec } from '../kit';
import { CONTENT_STATUS_LABELS, PublishFields, TitleSlugFields } from '../kit/common-fields';
import { talkForm, talkKind, TYPE_LABELS, type TalkValues } from './schema';
import { TagPickerField, useTagOptions } from '../tags/TagPicker';

const form: EntityFormSpec<Talk, TalkValues, TalkInput> = {
  ...talkForm,
  translation: 'talk',
  fields: ({ form, Field }) => (
    <>
      <TitleSlugFields form={form} rule="always" hint="Made from the title as you type; you can change it." wide />
      <Field.Text name="event_name" label="Event Name" required autoComplete="off" />
      <Field.Text name="event_location" label="Event Location" autoComplete="off" />
      <Field.Text name="date" label="Date" type="date" required />
      <Field.Select name="type" label="Type" options={optionsOf(TYPE_LABELS)} />
      <Field.TextArea name="abstract" label="Abstract" wide />
      <Field.Text name="slides_url" label="Slides URL" type="url" inputMode="url" />
      <Field.Text name="video_url" label="Video URL" type="url" inputMode="url" />
      <TagPickerField />
      <PublishFields />
    </>
  ),
};

const TEXTS = { title: 'Talks', itemName: 'Talk', description: 'Talks and presentations, shown on the Talks page when published.' };

const columns: readonly Column<Talk>[] = [
  featuredTitleColumn(),
  {
    header: 'Event',
    cell: (talk) => (
      <div className="min-w-40">
        <div>{talk.event_name}</div>
        {talk.event_location ? <div className="text-sm text-muted-foreground">{talk.event_location}</div> : null}
      </div>
    ),
  },
  { header: 'Date', cell: (talk) => <span className="whitespace-nowrap">{formatLocalDate(talk.date)}</span> },
  { header: 'Type', cell: (talk) => <Badge variant="outline">{TYPE_LABELS[talk.type]}</Badge> },
  statusColumn(CONTENT_STATUS_LABELS, 'published'),
];

/** Names the row in its buttons: 'Edit …', 'Delete …'. */
const rowName = (talk: Talk) => talk.title;

export default function TalksScreen() {
  const tags = useTagOptions();
  return (
    <EntityScreen
      sentences="talks"
      tools={{ publishable: true, year: true, tags, sorts: [{ value: 'title', label: 'Title (A–Z)' }] }}
      kind={talkKind}
      texts={TEXTS}
      namedSubmit
      list={{ layout: 'table', columns, rowName }}
      form={form}
    />
  );
}

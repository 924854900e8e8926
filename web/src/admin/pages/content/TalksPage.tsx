/** /admin/talks: talks and presentations, as a table with an add/edit dialog (spec sections 2, 3, 5). */
import { z } from 'zod';
import type { Talk, TalkInput } from '../../../api/types';
import { Badge } from '../../../components/ui/badge';
import { inputText, optionalText } from '../../content/form-values';
import { KINDS } from '../../content/kinds';
import { ContentDialogForm, slugDeriver, type ContentFormProps } from '../../content/tables/ContentDialogForm';
import { ContentTableScreen, type Column } from '../../content/tables/ContentTableScreen';
import { FeaturedBadge, formatLocalDate, StatusBadge } from '../../content/tables/display';
import { fieldsFor } from '../../content/tables/fields';
import {
  CONTENT_STATUS_OPTIONS,
  optionalHttpUrl,
  optionalLine,
  optionLabel,
  requiredText,
  slugRule,
  type Option,
} from '../../content/tables/rules';

const TYPES: readonly Option[] = [
  { value: 'invited', label: 'Invited' },
  { value: 'keynote', label: 'Keynote' },
  { value: 'conference', label: 'Conference' },
  { value: 'workshop', label: 'Workshop' },
  { value: 'seminar', label: 'Seminar' },
  { value: 'webinar', label: 'Webinar' },
];

const schema = z.object({
  title: requiredText('Title'),
  slug: slugRule,
  event_name: requiredText('Event name'),
  event_location: optionalLine('Event location'),
  // The date input gives '' or YYYY-MM-DD.
  date: z.string().refine((value) => value.trim() !== '', 'Date is required'),
  type: z.string(),
  abstract: z.string(),
  slides_url: optionalHttpUrl('Slides URL'),
  video_url: optionalHttpUrl('Video URL'),
  status: z.string(),
  featured: z.boolean(),
});
type Values = z.infer<typeof schema>;

const emptyValues = (): Values => ({
  title: '',
  slug: '',
  event_name: '',
  event_location: '',
  date: '',
  type: 'invited',
  abstract: '',
  slides_url: '',
  video_url: '',
  status: 'published',
  featured: false,
});

const toValues = (talk: Talk): Values => ({
  title: talk.title,
  slug: talk.slug,
  event_name: talk.event_name,
  event_location: inputText(talk.event_location),
  date: talk.date,
  type: talk.type,
  abstract: inputText(talk.abstract),
  slides_url: inputText(talk.slides_url),
  video_url: inputText(talk.video_url),
  status: talk.status,
  featured: talk.featured,
});

const toInput = (values: Values): TalkInput => ({
  title: values.title.trim(),
  slug: optionalText(values.slug),
  event_name: values.event_name.trim(),
  event_location: optionalText(values.event_location),
  date: values.date,
  type: values.type,
  abstract: optionalText(values.abstract),
  slides_url: optionalText(values.slides_url),
  video_url: optionalText(values.video_url),
  status: values.status,
  featured: values.featured,
});

const Field = fieldsFor<Values>();

function TalkForm(props: ContentFormProps<Talk>) {
  return (
    <ContentDialogForm kind={KINDS.talks} schema={schema} emptyValues={emptyValues} toValues={toValues} toInput={toInput} {...props}>
      {(form) => (
        <>
          <Field.Text name="title" label="Title" required autoComplete="off" className="sm:col-span-2" onValueChange={slugDeriver(form)} />
          <Field.Text name="slug" label="Slug" hint="Made from the title as you type; you can change it." className="sm:col-span-2" />
          <Field.Text name="event_name" label="Event Name" required autoComplete="off" />
          <Field.Text name="event_location" label="Event Location" autoComplete="off" />
          <Field.Text name="date" label="Date" type="date" required />
          <Field.Select name="type" label="Type" options={TYPES} />
          <Field.TextArea name="abstract" label="Abstract" className="sm:col-span-2" />
          <Field.Text name="slides_url" label="Slides URL" type="url" inputMode="url" />
          <Field.Text name="video_url" label="Video URL" type="url" inputMode="url" />
          <Field.Select name="status" label="Status" options={CONTENT_STATUS_OPTIONS} />
          <Field.Checkbox name="featured" label="Featured" className="self-end pb-2.5" />
        </>
      )}
    </ContentDialogForm>
  );
}

const columns: readonly Column<Talk>[] = [
  {
    header: 'Title',
    cell: (talk) => (
      <div className="flex min-w-48 flex-wrap items-center gap-2">
        <span className="font-medium">{talk.title}</span>
        {talk.featured ? <FeaturedBadge /> : null}
      </div>
    ),
  },
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
  { header: 'Type', cell: (talk) => <Badge variant="outline">{optionLabel(TYPES, talk.type)}</Badge> },
  {
    header: 'Status',
    cell: (talk) => <StatusBadge label={optionLabel(CONTENT_STATUS_OPTIONS, talk.status)} live={talk.status === 'published'} />,
  },
];

export function TalksPage() {
  return (
    <ContentTableScreen<Talk>
      kind={KINDS.talks}
      title="Talks"
      description="Talks and presentations, shown on the Talks page when published."
      addLabel="Add Talk"
      dialogTitles={{ add: 'Add New Talk', edit: 'Edit Talk' }}
      loadingText="Loading talks..."
      emptyText="No talks found. Add your first talk to get started."
      columns={columns}
      rowName={(talk) => talk.title}
      renderForm={(props) => <TalkForm {...props} />}
    />
  );
}

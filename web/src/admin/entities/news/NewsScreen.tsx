/** /admin/news: news items as cards, created and edited in a dialog. */
import type { NewsItem, NewsItemInput } from '../../../api/types';
import { formatDate } from '../../../lib/format';
import { EntityScreen, type EntityFormSpec } from '../kit';
import { PublishFields } from '../kit/common-fields';
import { newsForm, newsKind, type NewsValues } from './schema';
import { TagPickerField, useTagOptions } from '../tags/TagPicker';

const form: EntityFormSpec<NewsItem, NewsValues, NewsItemInput> = {
  ...newsForm,
  translation: 'news',
  fields: ({ Field }) => (
    <>
      <Field.Text name="title" label="Title" wide />
      <Field.TextArea name="content" label="Content" rows={5} wide />
      <Field.Text name="date" label="Date" type="date" />
      <Field.Text name="link_text" label="Link text" placeholder="e.g. Read more" />
      <Field.Text name="link_url" label="Link URL" type="url" inputMode="url" wide />
      <TagPickerField />
      <PublishFields />
    </>
  ),
};

const TEXTS = { title: 'News', itemName: 'News Item', description: 'Post news items and announcements.' };

/** Under a card's title: the date and the start of the text. */
function details(item: NewsItem) {
  return (
    <>
      <p>
        <time dateTime={item.date}>{formatDate(item.date)}</time>
      </p>
      <p className="line-clamp-2">{item.content}</p>
    </>
  );
}

export default function NewsScreen() {
  const tags = useTagOptions();
  return (
    <EntityScreen
      sentences="news"
      tools={{ publishable: true, year: true, tags, sorts: [{ value: 'title', label: 'Title (A–Z)' }] }}
      kind={newsKind}
      texts={TEXTS}
      list={{ layout: 'cards', details }}
      form={form}
    />
  );
}

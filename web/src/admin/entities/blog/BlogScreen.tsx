/** /admin/blog: blog posts as cards, written and edited in a dialog (issue 42). */
import type { Post, PostInput } from '../../../api/types';
import { formatDate } from '../../../lib/format';
import { EntityScreen, type EntityFormSpec } from '../kit';
import { PhotoField, removePhoto } from '../kit/PhotoField';
import { PublishFields, TitleSlugFields } from '../kit/common-fields';
import { TagPickerField, useTagOptions } from '../tags/TagPicker';
import { postForm, postKind, type PostValues } from './schema';

const TEXTS = { title: 'Blog Posts', itemName: 'Blog Post', description: 'Write and publish blog posts.' };

/** Under a card's title: the date, then the summary's start. */
const details = (post: Post) => (
  <>
    <time dateTime={post.date} className="block">
      {formatDate(post.date)}
    </time>
    {post.summary ? <p className="line-clamp-2">{post.summary}</p> : null}
  </>
);

const form: EntityFormSpec<Post, PostValues, PostInput> = {
  ...postForm,
  translation: 'post',
  fields: ({ form, Field, item }) => (
    <>
      <TitleSlugFields form={form} rule="until-edited" hint="Used in the post's address (/blog/…); filled in from the title." />
      <Field.Text name="date" label="Date" type="date" />
      <Field.TextArea
        name="summary"
        label="Summary"
        hint="A sentence or two for the blog list, the feed and link previews."
        rows={3}
        wide
      />
      <Field.RichText name="content" label="Content" />
      <PhotoField form={form} field="cover_image" initial={item?.cover_image} label="Cover Image" />
      <Field.Text
        name="cover_image"
        label="Cover Image URL"
        inputMode="url"
        hint="Filled in by the upload above, or any image address (https://…)."
        wide
      />
      <TagPickerField />
      <PublishFields />
    </>
  ),
};

export default function BlogScreen() {
  const tags = useTagOptions();
  return (
    <EntityScreen
      sentences="blog"
      tools={{ publishable: true, year: true, tags, sorts: [{ value: 'title', label: 'Title (A–Z)' }] }}
      kind={postKind}
      texts={TEXTS}
      list={{ layout: 'cards', details }}
      form={form}
      onDeleted={(post) => removePhoto(post.cover_image)}
    />
  );
}

/** /admin/tags: tags with their colours, as a table with an add/edit dialog (spec sections 2, 3, 5, 9). */
import type { Tag, TagInput } from '../../../api/types';
import { EntityScreen, slugDeriver, type Column, type EntityFormSpec } from '../kit';
import { TagBadge } from './badge';
import { tagForm, tagKind, type TagValues } from './schema';
import { TagColorField } from './TagColorField';

const form: EntityFormSpec<Tag, TagValues, TagInput> = {
  ...tagForm,
  fields: ({ form, Field }) => (
    <>
      <Field.Text name="name" label="Name" required autoComplete="off" onValueChange={slugDeriver(form, 'always')} />
      <Field.Text name="slug" label="Slug" hint="Made from the name as you type; you can change it." />
      <TagColorField />
    </>
  ),
};

const columns: readonly Column<Tag>[] = [
  { header: 'Tag', cell: (tag) => <TagBadge name={tag.name} color={tag.color} /> },
  { header: 'Slug', cell: (tag) => <code className="font-mono text-sm text-muted-foreground">{tag.slug}</code> },
  {
    header: 'Color',
    cell: (tag) => (
      <span className="flex items-center gap-2">
        <span aria-hidden="true" className="size-5 shrink-0 rounded border border-border" style={{ backgroundColor: tag.color }} />
        <code className="font-mono text-sm">{tag.color}</code>
      </span>
    ),
  },
];

const TEXTS = { title: 'Tags', itemName: 'Tag', description: 'Tags and their colours.' };

/** Names the row in its buttons: 'Edit …', 'Delete …'. */
const rowName = (tag: Tag) => tag.name;

export default function TagsScreen() {
  return (
    <EntityScreen
      sentences="tag"
      tools={{ sorts: [{ value: 'name', label: 'Name (A–Z)' }] }}
      kind={tagKind}
      texts={TEXTS}
      namedSubmit
      list={{ layout: 'table', columns, rowName }}
      form={form}
    />
  );
}

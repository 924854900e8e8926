/** /admin/tags: tags with their colours, as a table with an add/edit dialog (spec sections 2, 3, 5, 9). */
import { z } from 'zod';
import type { Tag, TagInput } from '../../../api/types';
import { optionalText } from '../../content/form-values';
import { KINDS } from '../../content/kinds';
import { ContentDialogForm, slugDeriver, type ContentFormProps } from '../../content/tables/ContentDialogForm';
import { ContentTableScreen, type Column } from '../../content/tables/ContentTableScreen';
import { TagBadge } from '../../content/tables/display';
import { fieldsFor } from '../../content/tables/fields';
import { colorRule, requiredText, slugRule } from '../../content/tables/rules';
import { DEFAULT_TAG_COLOR, TagColorField } from '../../content/tables/TagColorField';

const schema = z.object({
  name: requiredText('Name'),
  slug: slugRule,
  color: colorRule,
});
type Values = z.infer<typeof schema>;

const emptyValues = (): Values => ({ name: '', slug: '', color: DEFAULT_TAG_COLOR });

const toValues = (tag: Tag): Values => ({ name: tag.name, slug: tag.slug, color: tag.color });

const toInput = (values: Values): TagInput => ({
  name: values.name.trim(),
  slug: optionalText(values.slug),
  color: optionalText(values.color),
});

const Field = fieldsFor<Values>();

function TagForm(props: ContentFormProps<Tag>) {
  return (
    <ContentDialogForm kind={KINDS.tags} schema={schema} emptyValues={emptyValues} toValues={toValues} toInput={toInput} {...props}>
      {(form) => (
        <>
          <Field.Text name="name" label="Name" required autoComplete="off" onValueChange={slugDeriver(form)} />
          <Field.Text name="slug" label="Slug" hint="Made from the name as you type; you can change it." />
          <TagColorField />
        </>
      )}
    </ContentDialogForm>
  );
}

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

export function TagsPage() {
  return (
    <ContentTableScreen<Tag>
      kind={KINDS.tags}
      title="Tags"
      description="Tags and their colours."
      addLabel="Add Tag"
      dialogTitles={{ add: 'Add New Tag', edit: 'Edit Tag' }}
      loadingText="Loading tags..."
      emptyText="No tags found. Add your first tag to get started."
      columns={columns}
      rowName={(tag) => tag.name}
      renderForm={(props) => <TagForm {...props} />}
    />
  );
}

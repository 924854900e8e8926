/**
 * The tag picker of the publication, project, talk and news forms (issue 16):
 * a group of native checkboxes named "Tags", one per tag with its colour, so
 * the keyboard works as everywhere (Tab to a tag, Space to toggle it) and a
 * screen reader announces each tag's name and state.
 */
import { useController } from 'react-hook-form';
import type { Tag } from '../../../api/types';
import { FieldError } from '../../../components/ui/form-field';
import { Spinner } from '../../../components/ui/spinner';
import { paintableColor, TAG_IDS, useEntityList, type Option } from '../kit';
import { tagKind } from './schema';

export function TagPicker({
  tags,
  value,
  onChange,
  error,
}: {
  tags: readonly Tag[];
  /** The ids of the picked tags. */
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string;
}) {
  const toggle = (id: string, picked: boolean) => onChange(picked ? [...value, id] : value.filter((other) => other !== id));
  return (
    <fieldset className="grid gap-2 sm:col-span-2" aria-invalid={error ? true : undefined}>
      <legend className="mb-2 text-sm font-medium">Tags</legend>
      {tags.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          No tags yet. Add them on the{' '}
          <a href="/admin/tags" className="font-medium text-primary underline-offset-4 hover:underline">
            Tags
          </a>{' '}
          page.
        </p>
      ) : (
        <ul className="flex flex-wrap gap-2">
          {tags.map((tag) => (
            <li key={tag.id}>
              <label className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-border bg-background px-3 py-1 text-sm has-[:checked]:border-primary has-[:checked]:bg-muted has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring">
                <input
                  type="checkbox"
                  className="size-4 accent-primary"
                  checked={value.includes(tag.id)}
                  onChange={(event) => toggle(tag.id, event.target.checked)}
                />
                <span
                  aria-hidden="true"
                  className="size-2.5 rounded-full"
                  style={{ backgroundColor: paintableColor(tag.color, '#888888') }}
                />
                {tag.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      <FieldError messages={error ? [error] : []} />
    </fieldset>
  );
}

/** The picker bound to the surrounding form's `tag_ids`, with the stored tags. */
export function TagPickerField() {
  const { field, fieldState } = useController({ name: TAG_IDS });
  const tags = useEntityList<Tag>(tagKind);
  if (tags.isPending) return <Spinner label="Loading tags" />;
  return <TagPicker tags={tags.data ?? []} value={field.value as string[]} onChange={field.onChange} error={fieldState.error?.message} />;
}

/** The stored tags as options of a list's tag filter and its 'Add tag' action. */
export function useTagOptions(): Option[] {
  const tags = useEntityList<Tag>(tagKind);
  return (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }));
}

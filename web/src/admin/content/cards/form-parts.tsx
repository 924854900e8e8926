/**
 * Pieces shared by the four card screens' forms: saving with the server's
 * field errors put next to the fields, the title + slug pair (slug derived
 * while typing, spec section 4), Featured + Status, and the dialog's buttons.
 */
import type { FormEvent, ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { slugifyVariant } from '../../../lib/slug';
import { applyFieldErrors } from '../../form-errors';
import { isHttpUrl } from '../form-values';
import { useSaveContent } from '../hooks';
import type { ContentKind } from '../kinds';

export const STATUS_OPTIONS = [
  { value: 'published', label: 'Published' },
  { value: 'draft', label: 'Draft' },
] as const;

/** New items are published unless the owner says otherwise (spec section 4). */
export const DEFAULT_STATUS = 'published';

/** A required text field: blank (after trimming) fails with the server's wording. */
export function requiredText(label: string) {
  return z.string().trim().min(1, `${label} is required`);
}

/** An optional http(s) URL field, with the server's wording. */
export function optionalUrl(label: string) {
  return z
    .string()
    .trim()
    .refine((value) => value === '' || isHttpUrl(value), `${label} must be a valid URL starting with http:// or https://`);
}

export const statusSchema = z.enum(['published', 'draft']);

/** A slug typed by hand must already be in slug form; blank lets the server derive it. */
export const slugSchema = z
  .string()
  .trim()
  .refine((value) => value === '' || /^[a-z0-9]+(-[a-z0-9]+)*$/.test(value), 'Slug may contain only lower-case letters, digits and single hyphens');

/**
 * The slug after the title changed from `previousTitle` to `nextTitle`: it
 * follows the title while it is still the one derived from it (or empty);
 * once edited by hand it is left alone.
 */
export function followSlug(slug: string, previousTitle: string, nextTitle: string): string {
  const following = slug === '' || slug === slugifyVariant(previousTitle);
  return following ? slugifyVariant(nextTitle) : slug;
}

/**
 * Submits a card form: sends `toInput(values)` as a create (no item) or an
 * update; on success resets the form and calls `onSaved` (closing the dialog),
 * on failure puts the server's field messages next to `fields` and stays open
 * (the kit's hook has already shown the error toast).
 */
export function useContentSubmit<V extends FieldValues, Input>({
  kind,
  itemId,
  form,
  fields,
  toInput,
  onSaved,
}: {
  kind: ContentKind;
  itemId: string | null;
  form: UseFormReturn<V>;
  fields: readonly Path<V>[];
  toInput: (values: V) => Input;
  onSaved: () => void;
}) {
  const save = useSaveContent<unknown, Input>(kind);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: itemId, input: toInput(values) });
    } catch (error) {
      applyFieldErrors(error, form.setError, fields);
      return;
    }
    form.reset(); // spec section 4: a successful save resets the form
    onSaved();
  });
  return { onSubmit, pending: save.isPending };
}

/** The form inside a card screen's dialog, with Cancel and Create/Update at the bottom. */
export function ContentForm({
  label,
  editing,
  pending,
  onSubmit,
  onCancel,
  children,
}: {
  /** The form's accessible name, e.g. 'News item'. */
  label: string;
  editing: boolean;
  pending: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <form onSubmit={onSubmit} noValidate aria-label={label} className="grid gap-4">
      {children}
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? <Spinner /> : null}
          {pending ? 'Saving...' : editing ? 'Update' : 'Create'}
        </Button>
      </div>
    </form>
  );
}

/** Two fields side by side from `sm` up, stacked on a phone. */
export function FieldRow({ children }: { children: ReactNode }) {
  return <div className="grid items-start gap-4 sm:grid-cols-2">{children}</div>;
}

type TitleSlugValues = { title: string; slug: string };

/** Title and slug; the slug is derived while typing (slugifyVariant) until edited by hand. */
export function TitleSlugFields<V extends TitleSlugValues>({ form }: { form: UseFormReturn<V> }) {
  // Only `title` and `slug` are touched, and every V has them as strings.
  const { register, getValues, setValue, formState } = form as unknown as UseFormReturn<TitleSlugValues>;
  const title = register('title');
  return (
    <FieldRow>
      <FormField label="Title" error={formState.errors.title?.message}>
        {(control) => (
          <Input
            {...control}
            {...title}
            onChange={(event) => {
              const previous = getValues('title');
              setValue('slug', followSlug(getValues('slug'), previous, event.target.value), { shouldDirty: true });
              return title.onChange(event);
            }}
          />
        )}
      </FormField>
      <FormField
        label="Slug"
        hint="Used in the page address; filled in from the title."
        error={formState.errors.slug?.message}
      >
        {(control) => <Input {...control} {...register('slug')} />}
      </FormField>
    </FieldRow>
  );
}

type PublishValues = { featured: boolean; status: string };

/** The Featured checkbox and the Status select every card screen has. */
export function PublishFields<V extends PublishValues>({ form }: { form: UseFormReturn<V> }) {
  // Only `featured` and `status` are touched, and every V has them.
  const { register, formState } = form as unknown as UseFormReturn<PublishValues>;
  return (
    <div className="grid items-end gap-4 sm:grid-cols-2">
      <FormField label="Status" error={formState.errors.status?.message}>
        {(control) => <Select {...control} options={STATUS_OPTIONS} {...register('status')} />}
      </FormField>
      <Checkbox label="Featured" className="h-10" {...register('featured')} />
    </div>
  );
}

type SortOrderValues = { sort_order: string };

/** Sort order (lower first); text that is not a whole number counts as 0 (spec section 5). */
export function SortOrderField<V extends SortOrderValues>({ form }: { form: UseFormReturn<V> }) {
  // Only `sort_order` is touched, and every V has it as a string.
  const { register, formState } = form as unknown as UseFormReturn<SortOrderValues>;
  return (
    <FormField label="Sort order" hint="Lower numbers come first." error={formState.errors.sort_order?.message}>
      {(control) => <Input {...control} type="number" inputMode="numeric" step={1} {...register('sort_order')} />}
    </FormField>
  );
}

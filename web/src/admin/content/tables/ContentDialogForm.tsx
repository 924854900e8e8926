/**
 * The form inside a table screen's add/edit dialog: it opens with the
 * defaults (add) or the row's values (edit), checks the form's rules before
 * sending, saves through the kit (toasts, list refresh), and then resets and
 * tells the screen to close the dialog. A failed save keeps the dialog open
 * with the server's field messages next to their fields.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type PathValue,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { slugify } from '../../../lib/slug';
import { applyFieldErrors } from '../../form-errors';
import { useSaveContent } from '../hooks';
import type { ContentKind } from '../kinds';

export type ContentFormProps<T> = {
  /** The row being edited, or null to add one. */
  item: T | null;
  /** After a successful save (the dialog closes). */
  onSaved: () => void;
  onCancel: () => void;
};

export function ContentDialogForm<T extends { id: string }, V extends FieldValues, Input>({
  kind,
  item,
  schema,
  emptyValues,
  toValues,
  toInput,
  onSaved,
  onCancel,
  children,
}: ContentFormProps<T> & {
  kind: ContentKind;
  schema: z.ZodType<V, V>;
  /** The spec's defaults for a new row; a function, so 'current year' is read when the dialog opens. */
  emptyValues: () => V;
  toValues: (item: T) => V;
  toInput: (values: V) => Input;
  children: (form: UseFormReturn<V>) => ReactNode;
}) {
  const form = useForm<V>({
    resolver: zodResolver(schema),
    defaultValues: (item ? toValues(item) : emptyValues()) as DefaultValues<V>,
  });
  const save = useSaveContent<T, Input>(kind);
  const fieldNames = Object.keys(emptyValues()) as Path<V>[];

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: item?.id, input: toInput(values) });
      form.reset(emptyValues());
      onSaved();
    } catch (error) {
      // The kit's toast has already said what went wrong; this puts it next to the fields.
      applyFieldErrors(error, form.setError, fieldNames);
    }
  });

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} className="grid gap-5">
        <div className="grid items-start gap-4 sm:grid-cols-2">{children(form)}</div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {save.isPending ? 'Saving...' : `${item ? 'Update' : 'Create'} ${kind.label}`}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}

/**
 * For the title (name) field of courses, talks and tags: every change the
 * user makes derives the slug again (spec section 4); the slug field stays
 * editable by hand.
 */
export function slugDeriver<V extends FieldValues & { slug: string }>(form: UseFormReturn<V>) {
  return (source: string) =>
    form.setValue('slug' as Path<V>, slugify(source) as PathValue<V, Path<V>>, {
      shouldDirty: true,
      // Once the form was submitted, a slug message goes away as soon as the slug is right.
      shouldValidate: form.formState.isSubmitted,
    });
}

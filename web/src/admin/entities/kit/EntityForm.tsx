/**
 * Forms of the kit. `useEntityForm` + `FormShell` + `SubmitButton` are the
 * core any admin form can use (react-hook-form with a zod resolver, saving,
 * the server's 422 field messages next to their fields, one pending submit
 * button); `EntityForm` is that core framed for a screen's add/edit dialog or
 * inline card.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { FormProvider, useForm, type DefaultValues, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { cn } from '../../../lib/cn';
import { SubmitButton } from '../../components/SubmitButton';
import type { Existing, TranslationKind } from '../../../api/types';
import { ApiError } from '../../api';
import { applyFieldErrors } from '../../form-errors';
import { useUnsavedChanges } from '../../unsaved';
import { useSaveEntity, type EntityKind } from './api';
import { fieldsFor, type Fields } from './fields';
import { TranslationScope } from './LanguageTabs';
import { formValues, type RowOf } from './values';

export { SubmitButton };

/** Keys found in only one of A and B. */
type KeyMismatch<A, B> = Exclude<keyof A, keyof B> | Exclude<keyof B, keyof A>;

/**
 * Nothing when A and B have the same keys; otherwise a required property
 * naming the odd keys, so `tsc` fails where a form's values (its schema's
 * output) and the generated `*Input` type drift apart.
 */
export type SameKeys<A, B> = [KeyMismatch<A, B>] extends [never] ? unknown : { keysDifferFromInput: KeyMismatch<A, B> };

/**
 * A form that checks `schema` before sending `toInput(values)` through
 * `submit`. A failed submit puts the server's field messages next to their
 * fields (the caller's mutation has already shown the toast) and keeps the
 * values, and `conflict` names the stored item a 409 was about (a paper with
 * the same DOI); a successful one resets the form to what was saved and calls
 * `onSaved`. While it holds unsaved changes, closing or leaving asks first.
 */
export function useEntityForm<V extends FieldValues, Input>({
  schema,
  defaultValues,
  toInput,
  submit,
  onSaved,
}: {
  schema: z.ZodType<V, V>;
  defaultValues: V;
  toInput: (values: V) => Input;
  submit: (input: Input) => Promise<unknown>;
  onSaved?: (values: V) => void;
}) {
  const form = useForm<V>({ resolver: zodResolver(schema), defaultValues: defaultValues as DefaultValues<V> });
  const [conflict, setConflict] = useState<Existing | null>(null);
  // Closing, leaving or reloading asks first while the form holds what was not saved.
  useUnsavedChanges(form.formState.isDirty && !form.formState.isSubmitSuccessful);
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await submit(toInput(values));
    } catch (error) {
      setConflict(error instanceof ApiError ? (error.existing ?? null) : null);
      applyFieldErrors(error, form.setError, Object.keys(defaultValues) as Path<V>[]);
      return;
    }
    setConflict(null);
    form.reset(values); // spec section 4: a successful save resets the form
    onSaved?.(values);
  });
  return { form, onSubmit, pending: form.formState.isSubmitting, conflict };
}

/** The <form> element with the form's context, so the kit's fields find their form. */
export function FormShell<V extends FieldValues>({
  form,
  children,
  ...props
}: { form: UseFormReturn<V>; children: ReactNode } & Omit<ComponentProps<'form'>, 'children'>) {
  return (
    <FormProvider {...form}>
      <form noValidate {...props}>
        {children}
      </form>
    </FormProvider>
  );
}

/**
 * What a form's `fields` get: the form, its typed fields, the row being
 * edited (null: adding) and the stored row the last save conflicted with.
 */
export type FieldsArgs<T, V extends FieldValues> = { form: UseFormReturn<V>; Field: Fields<V>; item: T | null; conflict: Existing | null };

/** What a screen's form is made of; the values' keys must be the request's keys. */
export type EntityFormSpec<T extends RowOf<V>, V extends FieldValues, Input> = {
  schema: z.ZodType<V, V>;
  /** A new row's values (the spec's defaults); a stored row's are read from it (formValues). */
  defaults: () => V;
  toInput: (values: V) => Input;
  /** The fields, laid out on a two-column grid (`wide` fields take both columns). */
  fields: (args: FieldsArgs<T, V>) => ReactNode;
  /** The kind its rows are to translation (src/content/translations.rs): its translatable fields get language tabs. */
  translation?: TranslationKind;
} & SameKeys<V, Input>;

/** Where a screen shows its form: in a modal dialog, or as a card above the list. */
export type FormFrame = 'dialog' | 'card';

export function EntityForm<T extends { id: string } & RowOf<V>, V extends FieldValues, Input>({
  kind,
  spec,
  item,
  frame,
  title,
  submitNoun,
  onDone,
}: {
  kind: EntityKind;
  spec: EntityFormSpec<T, V, Input>;
  /** The row being edited, or null to add one. */
  item: T | null;
  frame: FormFrame;
  /** 'Add New Student' / 'Edit Student': the card's heading (a dialog shows it itself). */
  title: string;
  /** 'Student' makes the button 'Create Student' / 'Update Student'; null keeps 'Create' / 'Update'. */
  submitNoun: string | null;
  /** After a successful save, and on Cancel. */
  onDone: () => void;
}) {
  const save = useSaveEntity<Input>(kind);
  const [defaultValues] = useState(() => formValues(spec.defaults(), item));
  const { form, onSubmit, pending, conflict } = useEntityForm({
    schema: spec.schema,
    defaultValues,
    toInput: spec.toInput,
    submit: (input) => save.mutateAsync({ id: item?.id ?? null, input }),
    onSaved: onDone,
  });
  const action = item ? 'Update' : 'Create';
  const submit = <SubmitButton pending={pending}>{submitNoun ? `${action} ${submitNoun}` : action}</SubmitButton>;
  const cancel = (
    <Button variant="outline" onClick={onDone} disabled={pending}>
      Cancel
    </Button>
  );
  const scope = spec.translation ? { kind: spec.translation, itemId: item?.id ?? null } : null;
  const fields = (
    <TranslationScope scope={scope}>
      <Grid className={frame === 'card' ? 'gap-5' : 'gap-4'}>{spec.fields({ form, Field: fieldsFor<V>(), item, conflict })}</Grid>
    </TranslationScope>
  );

  if (frame === 'dialog') {
    return (
      <FormShell form={form} onSubmit={onSubmit} aria-label={kind.label} className="grid gap-5">
        {fields}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          {cancel}
          {submit}
        </div>
      </FormShell>
    );
  }
  return (
    <CardForm
      form={form}
      onSubmit={onSubmit}
      title={title}
      fields={fields}
      footer={
        <>
          {submit}
          {cancel}
        </>
      }
    />
  );
}

/** The form's two-column grid (one column on a phone). */
function Grid({ className, children }: { className: string; children: ReactNode }) {
  return <div className={cn('grid items-start sm:grid-cols-2', className)}>{children}</div>;
}

/** The form as a card above the list, named by its heading; it opens in view, at its first field. */
function CardForm<V extends FieldValues>({
  form,
  onSubmit,
  title,
  fields,
  footer,
}: {
  form: UseFormReturn<V>;
  onSubmit: ComponentProps<'form'>['onSubmit'];
  title: string;
  fields: ReactNode;
  footer: ReactNode;
}) {
  const titleId = `entity-form-${title.toLowerCase().replace(/\W+/g, '-')}`;
  const cardRef = useRef<HTMLDivElement>(null);
  const { setFocus, getValues } = form;
  // Focus first: focusing scrolls only as far as the field, and the card's heading should show too.
  useEffect(() => {
    const first = Object.keys(getValues())[0];
    if (first) setFocus(first as Path<V>);
    cardRef.current?.scrollIntoView({ block: 'start' });
  }, [getValues, setFocus]);
  return (
    <Card ref={cardRef} className="mb-8 scroll-mt-24">
      <FormShell form={form} onSubmit={onSubmit} aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>{title}</CardTitle>
        </CardHeader>
        <CardContent>{fields}</CardContent>
        <CardFooter className="flex-wrap">{footer}</CardFooter>
      </FormShell>
    </Card>
  );
}

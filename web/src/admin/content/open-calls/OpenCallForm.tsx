/**
 * The open call form, shown inline as a card above the table (spec section 2):
 * 'Add New Open Call' or 'Edit Open Call', with Cancel. It stays open when a
 * save fails (the server's field messages show next to the fields) and tells
 * the page when a save succeeded, which closes it.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { Controller, useForm, type Control } from 'react-hook-form';
import type { OpenCall, OpenCallInput } from '../../../api/types';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from '../../../components/ui/card';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { slugify } from '../../../lib/slug';
import { RichTextEditor } from '../../components/RichTextEditor';
import { applyFieldErrors } from '../../form-errors';
import { useSaveContent } from '../hooks';
import { KINDS } from '../kinds';
import { EMPTY_OPEN_CALL, OPEN_CALL_FIELDS, STATUS_OPTIONS, openCallInput, openCallSchema, openCallValues, type OpenCallValues } from './form';

/** `call` is the call being edited, or null for a new one. */
export function OpenCallForm({ call, onDone }: { call: OpenCall | null; onDone: () => void }) {
  const creating = call === null;
  const titleId = creating ? 'open-call-form-add' : 'open-call-form-edit';
  const cardRef = useRef<HTMLDivElement>(null);
  const save = useSaveContent<OpenCall, OpenCallInput>(KINDS.openCalls);
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    setFocus,
    formState: { errors },
  } = useForm<OpenCallValues>({
    resolver: zodResolver(openCallSchema),
    defaultValues: call ? openCallValues(call) : EMPTY_OPEN_CALL,
  });

  // The card opens above the table, maybe out of sight: bring it into view and start at its first field.
  // (Focus first: focusing scrolls only as far as the field; the card's heading should show too.)
  useEffect(() => {
    setFocus('title');
    cardRef.current?.scrollIntoView({ block: 'start' });
  }, [setFocus]);

  const title = register('title', {
    // Spec section 4: the slug follows the title only while creating; an edited call keeps its address.
    onChange: (event: { target: { value: string } }) => {
      if (creating) setValue('slug', slugify(event.target.value), { shouldValidate: Boolean(errors.slug) });
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync({ id: call?.id, input: openCallInput(values) });
      onDone();
    } catch (error) {
      // The hook has shown the toast; the form stays open with the server's messages.
      applyFieldErrors(error, setError, OPEN_CALL_FIELDS);
    }
  });

  return (
    <Card ref={cardRef} className="mb-8 scroll-mt-24">
      <form onSubmit={onSubmit} noValidate aria-labelledby={titleId}>
        <CardHeader>
          <CardTitle id={titleId}>{creating ? 'Add New Open Call' : 'Edit Open Call'}</CardTitle>
        </CardHeader>
        <CardContent className="grid items-start gap-5 sm:grid-cols-2">
          <FormField label="Title" error={errors.title?.message}>
            {(field) => <Input {...field} {...title} />}
          </FormField>
          <FormField label="Slug" hint="The call's address on the Open Calls page." error={errors.slug?.message}>
            {(field) => <Input {...field} {...register('slug')} />}
          </FormField>
          <FormField label="Description" className="sm:col-span-2" error={errors.description?.message}>
            {(field) => <Textarea {...field} rows={3} {...register('description')} />}
          </FormField>
          <RichTextField name="content" label="Content" control={control} error={errors.content?.message} />
          <RichTextField name="requirements" label="Requirements" control={control} error={errors.requirements?.message} />
          <FormField label="Contact Email" error={errors.contact_email?.message}>
            {(field) => <Input {...field} type="email" autoComplete="off" {...register('contact_email')} />}
          </FormField>
          <FormField label="Application URL" error={errors.application_url?.message}>
            {(field) => <Input {...field} type="url" inputMode="url" placeholder="https://" {...register('application_url')} />}
          </FormField>
          <FormField label="Funding Amount" error={errors.funding_amount?.message}>
            {(field) => <Input {...field} placeholder="e.g. €50,000" {...register('funding_amount')} />}
          </FormField>
          <FormField label="Duration" error={errors.duration?.message}>
            {(field) => <Input {...field} placeholder="e.g. 2 years" {...register('duration')} />}
          </FormField>
          <FormField label="Funding Agency" error={errors.funding_agency?.message}>
            {(field) => <Input {...field} {...register('funding_agency')} />}
          </FormField>
          <FormField label="Deadline" error={errors.deadline?.message}>
            {(field) => <Input {...field} type="date" {...register('deadline')} />}
          </FormField>
          <RichTextField name="contact_info" label="Contact Information" control={control} error={errors.contact_info?.message} />
          <FormField label="Status" error={errors.status?.message}>
            {(field) => <Select {...field} options={STATUS_OPTIONS} {...register('status')} />}
          </FormField>
          <Checkbox label="Featured" className="self-end sm:pb-2.5" {...register('featured')} />
        </CardContent>
        <CardFooter className="flex-wrap">
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? <Spinner /> : null}
            {save.isPending ? 'Saving...' : creating ? 'Create Open Call' : 'Update Open Call'}
          </Button>
          <Button variant="outline" onClick={onDone} disabled={save.isPending}>
            Cancel
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}

function RichTextField({
  name,
  label,
  control,
  error,
}: {
  name: 'content' | 'requirements' | 'contact_info';
  label: string;
  control: Control<OpenCallValues>;
  error: string | undefined;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <RichTextEditor
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          ref={field.ref}
          error={error}
          className="sm:col-span-2"
        />
      )}
    />
  );
}

/** /admin/publications: publications as cards, created and edited in a dialog. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import type { Publication, PublicationInput } from '../../../api/types';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { ContentCardsPage, type ContentFormProps } from '../../content/cards/ContentCardsPage';
import {
  ContentForm,
  DEFAULT_STATUS,
  FieldRow,
  PublishFields,
  TitleSlugFields,
  optionalUrl,
  requiredText,
  slugSchema,
  statusSchema,
  useContentSubmit,
} from '../../content/cards/form-parts';
import { ListInput, listRows } from '../../content/cards/ListInput';
import { currentYear, inputText, nonEmptyEntries, optionalText } from '../../content/form-values';
import { KINDS } from '../../content/kinds';

/** What is wrong with a typed year (one message at a time), with the server's range. */
function yearProblem(value: string): string | null {
  if (value === '') return 'Year is required';
  if (!/^\d+$/.test(value)) return 'Year must be a whole number';
  const year = Number(value);
  return year >= 1000 && year <= 9999 ? null : 'Year must be between 1000 and 9999';
}

export const publicationSchema = z.object({
  title: requiredText('Title'),
  slug: slugSchema,
  // Every row shown must be filled in; a row too many is removed with its button.
  authors: z.array(requiredText('Author')),
  venue: requiredText('Venue'),
  year: z
    .string()
    .trim()
    .superRefine((value, context) => {
      const problem = yearProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  abstract: z.string(),
  pdf_url: optionalUrl('PDF URL'),
  url: optionalUrl('URL'),
  doi: z.string(),
  pages: z.string(),
  volume: z.string(),
  bibtex: z.string(),
  featured: z.boolean(),
  status: statusSchema,
});
export type PublicationValues = z.infer<typeof publicationSchema>;

const FIELDS = [
  'title',
  'slug',
  'authors',
  'venue',
  'year',
  'abstract',
  'pdf_url',
  'url',
  'doi',
  'pages',
  'volume',
  'bibtex',
  'featured',
  'status',
] as const;

/** The form's values for a stored publication, or the defaults (one empty author row, this year, published). */
export function publicationValues(item: Publication | null, now = new Date()): PublicationValues {
  return {
    title: item?.title ?? '',
    slug: item?.slug ?? '',
    authors: listRows(item?.authors),
    venue: item?.venue ?? '',
    year: String(item?.year ?? currentYear(now)),
    abstract: inputText(item?.abstract),
    pdf_url: inputText(item?.pdf_url),
    url: inputText(item?.url),
    doi: inputText(item?.doi),
    pages: inputText(item?.pages),
    volume: inputText(item?.volume),
    bibtex: inputText(item?.bibtex),
    featured: item?.featured ?? false,
    status: item?.status === 'draft' ? 'draft' : DEFAULT_STATUS,
  };
}

export function publicationInput(values: PublicationValues): PublicationInput {
  return {
    title: values.title,
    slug: optionalText(values.slug),
    authors: nonEmptyEntries(values.authors),
    venue: values.venue,
    year: Number.parseInt(values.year, 10),
    abstract: optionalText(values.abstract),
    pdf_url: optionalText(values.pdf_url),
    url: optionalText(values.url),
    doi: optionalText(values.doi),
    pages: optionalText(values.pages),
    volume: optionalText(values.volume),
    bibtex: optionalText(values.bibtex),
    featured: values.featured,
    status: values.status,
  };
}

function PublicationForm({ item, onSaved, onCancel }: ContentFormProps<Publication>) {
  const form = useForm<PublicationValues>({ resolver: zodResolver(publicationSchema), defaultValues: publicationValues(item) });
  const { register, control, formState } = form;
  const { errors } = formState;
  const { onSubmit, pending } = useContentSubmit({
    kind: KINDS.publications,
    itemId: item?.id ?? null,
    form,
    fields: FIELDS,
    toInput: publicationInput,
    onSaved,
  });
  return (
    <ContentForm label="Publication" editing={item !== null} pending={pending} onSubmit={onSubmit} onCancel={onCancel}>
      <TitleSlugFields form={form} />
      <Controller
        control={control}
        name="authors"
        render={({ field }) => (
          <ListInput
            label="Authors"
            itemLabel="Author"
            values={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            inputRef={field.ref}
            error={errors.authors}
          />
        )}
      />
      <FieldRow>
        <FormField label="Venue" error={errors.venue?.message}>
          {(control) => <Input {...control} placeholder="Journal or conference" {...register('venue')} />}
        </FormField>
        <FormField label="Year" error={errors.year?.message}>
          {(control) => <Input {...control} type="number" inputMode="numeric" step={1} {...register('year')} />}
        </FormField>
      </FieldRow>
      <FormField label="Abstract" error={errors.abstract?.message}>
        {(control) => <Textarea {...control} rows={4} {...register('abstract')} />}
      </FormField>
      <FieldRow>
        <FormField label="PDF URL" error={errors.pdf_url?.message}>
          {(control) => <Input {...control} type="url" inputMode="url" {...register('pdf_url')} />}
        </FormField>
        <FormField label="URL" error={errors.url?.message}>
          {(control) => <Input {...control} type="url" inputMode="url" {...register('url')} />}
        </FormField>
      </FieldRow>
      <FormField label="DOI" error={errors.doi?.message}>
        {(control) => <Input {...control} placeholder="e.g. 10.1000/xyz123" {...register('doi')} />}
      </FormField>
      <FieldRow>
        <FormField label="Pages" error={errors.pages?.message}>
          {(control) => <Input {...control} placeholder="e.g. 1-12" {...register('pages')} />}
        </FormField>
        <FormField label="Volume" error={errors.volume?.message}>
          {(control) => <Input {...control} {...register('volume')} />}
        </FormField>
      </FieldRow>
      <FormField label="BibTeX" error={errors.bibtex?.message}>
        {(control) => <Textarea {...control} rows={4} className="font-mono text-xs" {...register('bibtex')} />}
      </FormField>
      <PublishFields form={form} />
    </ContentForm>
  );
}

export function PublicationsPage() {
  return (
    <ContentCardsPage<Publication>
      kind={KINDS.publications}
      title="Publications"
      description="Add, edit and feature papers, with authors, venue and DOI."
      itemName="Publication"
      plural="publications"
      details={(item) => (
        <>
          <p>
            {item.venue} · {item.year}
          </p>
          <p>{item.authors.join(', ')}</p>
        </>
      )}
      Form={PublicationForm}
    />
  );
}

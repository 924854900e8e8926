/** /admin/projects: research projects as cards, created and edited in a dialog. */
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import type { Project, ProjectInput } from '../../../api/types';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { formatDate } from '../../../lib/format';
import { ContentCardsPage, type ContentFormProps } from '../../content/cards/ContentCardsPage';
import {
  ContentForm,
  DEFAULT_STATUS,
  FieldRow,
  PublishFields,
  SortOrderField,
  TitleSlugFields,
  optionalUrl,
  requiredText,
  slugSchema,
  statusSchema,
  useContentSubmit,
} from '../../content/cards/form-parts';
import { ListInput, listRows, type ListFieldError } from '../../content/cards/ListInput';
import { inputText, nonEmptyEntries, optionalText, parseInteger } from '../../content/form-values';
import { KINDS } from '../../content/kinds';

export const projectSchema = z
  .object({
    title: requiredText('Title'),
    slug: slugSchema,
    summary: requiredText('Summary'),
    content: z.string(),
    tech_stack: z.array(z.string()),
    collaborators: z.array(z.string()),
    repository_url: optionalUrl('Repository URL'),
    demo_url: optionalUrl('Demo URL'),
    funding_source: z.string(),
    funding_amount: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    sort_order: z.string(),
    featured: z.boolean(),
    status: statusSchema,
  })
  // ISO dates compare as text; the server makes the same check.
  .refine((values) => values.start_date === '' || values.end_date === '' || values.end_date >= values.start_date, {
    path: ['end_date'],
    message: 'End date must not be before the start date',
  });
export type ProjectValues = z.infer<typeof projectSchema>;

const FIELDS = [
  'title',
  'slug',
  'summary',
  'content',
  'tech_stack',
  'collaborators',
  'repository_url',
  'demo_url',
  'funding_source',
  'funding_amount',
  'start_date',
  'end_date',
  'sort_order',
  'featured',
  'status',
] as const;

/** The form's values for a stored project, or the defaults (sort order 0, published). */
export function projectValues(item: Project | null): ProjectValues {
  return {
    title: item?.title ?? '',
    slug: item?.slug ?? '',
    summary: item?.summary ?? '',
    content: inputText(item?.content),
    tech_stack: listRows(item?.tech_stack),
    collaborators: listRows(item?.collaborators),
    repository_url: inputText(item?.repository_url),
    demo_url: inputText(item?.demo_url),
    funding_source: inputText(item?.funding_source),
    funding_amount: inputText(item?.funding_amount),
    start_date: inputText(item?.start_date),
    end_date: inputText(item?.end_date),
    sort_order: String(item?.sort_order ?? 0),
    featured: item?.featured ?? false,
    status: item?.status === 'draft' ? 'draft' : DEFAULT_STATUS,
  };
}

/** Empty list entries are dropped and empty dates sent as null (spec section 5). */
export function projectInput(values: ProjectValues): ProjectInput {
  return {
    title: values.title,
    slug: optionalText(values.slug),
    summary: values.summary,
    content: optionalText(values.content),
    tech_stack: nonEmptyEntries(values.tech_stack),
    collaborators: nonEmptyEntries(values.collaborators),
    repository_url: optionalText(values.repository_url),
    demo_url: optionalText(values.demo_url),
    funding_source: optionalText(values.funding_source),
    funding_amount: optionalText(values.funding_amount),
    start_date: optionalText(values.start_date),
    end_date: optionalText(values.end_date),
    sort_order: parseInteger(values.sort_order, 0),
    featured: values.featured,
    status: values.status,
  };
}

/** One of the project's two lists (technologies, collaborators). */
function ProjectList({
  control,
  name,
  label,
  itemLabel,
  error,
}: {
  control: Control<ProjectValues>;
  name: 'tech_stack' | 'collaborators';
  label: string;
  itemLabel: string;
  error: ListFieldError;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ListInput
          label={label}
          itemLabel={itemLabel}
          values={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={error}
        />
      )}
    />
  );
}

function ProjectForm({ item, onSaved, onCancel }: ContentFormProps<Project>) {
  const form = useForm<ProjectValues>({ resolver: zodResolver(projectSchema), defaultValues: projectValues(item) });
  const { register, control, formState } = form;
  const { errors } = formState;
  const { onSubmit, pending } = useContentSubmit({
    kind: KINDS.projects,
    itemId: item?.id ?? null,
    form,
    fields: FIELDS,
    toInput: projectInput,
    onSaved,
  });
  return (
    <ContentForm label="Project" editing={item !== null} pending={pending} onSubmit={onSubmit} onCancel={onCancel}>
      <TitleSlugFields form={form} />
      <FormField label="Summary" error={errors.summary?.message}>
        {(control) => <Textarea {...control} rows={3} {...register('summary')} />}
      </FormField>
      <FormField label="Content" error={errors.content?.message}>
        {(control) => <Textarea {...control} rows={5} {...register('content')} />}
      </FormField>
      <FieldRow>
        <ProjectList control={control} name="tech_stack" label="Tech stack" itemLabel="Technology" error={errors.tech_stack} />
        <ProjectList control={control} name="collaborators" label="Collaborators" itemLabel="Collaborator" error={errors.collaborators} />
      </FieldRow>
      <FieldRow>
        <FormField label="Repository URL" error={errors.repository_url?.message}>
          {(control) => <Input {...control} type="url" inputMode="url" {...register('repository_url')} />}
        </FormField>
        <FormField label="Demo URL" error={errors.demo_url?.message}>
          {(control) => <Input {...control} type="url" inputMode="url" {...register('demo_url')} />}
        </FormField>
      </FieldRow>
      <FieldRow>
        <FormField label="Funding source" error={errors.funding_source?.message}>
          {(control) => <Input {...control} {...register('funding_source')} />}
        </FormField>
        <FormField label="Funding amount" error={errors.funding_amount?.message}>
          {(control) => <Input {...control} placeholder="e.g. 2.5 MSEK" {...register('funding_amount')} />}
        </FormField>
      </FieldRow>
      <FieldRow>
        <FormField label="Start date" error={errors.start_date?.message}>
          {(control) => <Input {...control} type="date" {...register('start_date')} />}
        </FormField>
        <FormField label="End date" error={errors.end_date?.message}>
          {(control) => <Input {...control} type="date" {...register('end_date')} />}
        </FormField>
      </FieldRow>
      <SortOrderField form={form} />
      <PublishFields form={form} />
    </ContentForm>
  );
}

/** 'January 5, 2024 – Ongoing', or nothing when no dates are set. */
function projectPeriod(project: Project): string | null {
  if (!project.start_date && !project.end_date) return null;
  const start = project.start_date ? formatDate(project.start_date) : 'Not set';
  const end = project.end_date ? formatDate(project.end_date) : 'Ongoing';
  return `${start} – ${end}`;
}

export function ProjectsPage() {
  return (
    <ContentCardsPage<Project>
      kind={KINDS.projects}
      title="Projects"
      description="Manage research projects, collaborators and funding."
      itemName="Project"
      plural="projects"
      details={(item) => {
        const period = projectPeriod(item);
        return (
          <>
            {period ? <p>{period}</p> : null}
            <p className="line-clamp-2">{item.summary}</p>
            {item.tech_stack.length > 0 ? <p>{item.tech_stack.join(' · ')}</p> : null}
          </>
        );
      }}
      Form={ProjectForm}
    />
  );
}

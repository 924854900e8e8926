/** /admin/research-areas: research areas as cards, created and edited in a dialog. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { ResearchArea, ResearchAreaInput } from '../../../api/types';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { ContentCardsPage, type ContentFormProps } from '../../content/cards/ContentCardsPage';
import {
  ContentForm,
  DEFAULT_STATUS,
  FieldRow,
  PublishFields,
  SortOrderField,
  TitleSlugFields,
  requiredText,
  slugSchema,
  statusSchema,
  useContentSubmit,
} from '../../content/cards/form-parts';
import { inputText, optionalText, parseInteger } from '../../content/form-values';
import { KINDS } from '../../content/kinds';

export const DEFAULT_COLOR = '#3b82f6';
export const DEFAULT_ICON = 'Shield';
/** Offered as suggestions only: the icon is free text. */
const ICON_SUGGESTIONS = ['Shield', 'Cpu', 'Brain', 'Code', 'Database'];
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export const researchAreaSchema = z.object({
  title: requiredText('Title'),
  slug: slugSchema,
  description: z.string(),
  content: z.string(),
  color: z
    .string()
    .trim()
    .refine((value) => value === '' || HEX_COLOR.test(value), 'Color must be a hex colour like #3b82f6'),
  icon: z.string(),
  sort_order: z.string(),
  featured: z.boolean(),
  status: statusSchema,
});
export type ResearchAreaValues = z.infer<typeof researchAreaSchema>;

const FIELDS = ['title', 'slug', 'description', 'content', 'color', 'icon', 'sort_order', 'featured', 'status'] as const;

/** The form's values for a stored area, or the spec's defaults (#3b82f6, Shield, sort order 0, published). */
export function researchAreaValues(item: ResearchArea | null): ResearchAreaValues {
  return {
    title: item?.title ?? '',
    slug: item?.slug ?? '',
    description: inputText(item?.description),
    content: inputText(item?.content),
    color: item?.color ?? DEFAULT_COLOR,
    icon: item?.icon ?? DEFAULT_ICON,
    sort_order: String(item?.sort_order ?? 0),
    featured: item?.featured ?? false,
    status: item?.status === 'draft' ? 'draft' : DEFAULT_STATUS,
  };
}

export function researchAreaInput(values: ResearchAreaValues): ResearchAreaInput {
  return {
    title: values.title,
    slug: optionalText(values.slug),
    description: optionalText(values.description),
    content: optionalText(values.content),
    color: optionalText(values.color),
    icon: optionalText(values.icon),
    sort_order: parseInteger(values.sort_order, 0),
    featured: values.featured,
    status: values.status,
  };
}

function ResearchAreaForm({ item, onSaved, onCancel }: ContentFormProps<ResearchArea>) {
  const form = useForm<ResearchAreaValues>({ resolver: zodResolver(researchAreaSchema), defaultValues: researchAreaValues(item) });
  const { register, setValue, watch, formState } = form;
  const { errors } = formState;
  const { onSubmit, pending } = useContentSubmit({
    kind: KINDS.researchAreas,
    itemId: item?.id ?? null,
    form,
    fields: FIELDS,
    toInput: researchAreaInput,
    onSaved,
  });
  const color = watch('color').trim();
  return (
    <ContentForm label="Research area" editing={item !== null} pending={pending} onSubmit={onSubmit} onCancel={onCancel}>
      <TitleSlugFields form={form} />
      <FormField label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={3} {...register('description')} />}
      </FormField>
      <FormField
        label="Content"
        hint="HTML is allowed (paragraphs, lists, links); anything unsafe is removed when saved."
        error={errors.content?.message}
      >
        {(control) => <Textarea {...control} rows={6} className="font-mono text-xs" {...register('content')} />}
      </FormField>
      <FieldRow>
        <FormField label="Color" hint="A hex colour, e.g. #3b82f6." error={errors.color?.message}>
          {(control) => (
            <div className="flex gap-2">
              <input
                type="color"
                aria-label="Pick a color"
                // The picker only takes #rrggbb; while the text is not one it shows the default.
                value={HEX_COLOR.test(color) ? color.toLowerCase() : DEFAULT_COLOR}
                onChange={(event) => setValue('color', event.target.value, { shouldDirty: true, shouldValidate: true })}
                className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-input bg-background p-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
              />
              <Input {...control} placeholder={DEFAULT_COLOR} {...register('color')} />
            </div>
          )}
        </FormField>
        <FormField label="Icon" hint="An icon name, e.g. Brain, Code, Database." error={errors.icon?.message}>
          {(control) => (
            <>
              <Input {...control} list="research-area-icons" {...register('icon')} />
              <datalist id="research-area-icons">
                {ICON_SUGGESTIONS.map((name) => (
                  <option key={name} value={name} />
                ))}
              </datalist>
            </>
          )}
        </FormField>
      </FieldRow>
      <SortOrderField form={form} />
      <PublishFields form={form} />
    </ContentForm>
  );
}

export function ResearchAreasPage() {
  return (
    <ContentCardsPage<ResearchArea>
      kind={KINDS.researchAreas}
      title="Research Areas"
      description="Describe your research areas and set their order."
      itemName="Research Area"
      plural="research areas"
      details={(item) => (
        <>
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="inline-flex items-center gap-1.5">
              <span aria-hidden="true" className="size-3 rounded-full border border-border" style={{ backgroundColor: item.color }} />
              {item.color}
            </span>
            <span>Icon: {item.icon}</span>
            <span>Sort order: {item.sort_order}</span>
          </p>
          {item.description ? <p className="line-clamp-2">{item.description}</p> : null}
        </>
      )}
      Form={ResearchAreaForm}
    />
  );
}

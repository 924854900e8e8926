/** /admin/news: news items as cards, created and edited in a dialog. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { NewsItem, NewsItemInput } from '../../../api/types';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { formatDate } from '../../../lib/format';
import { ContentCardsPage, type ContentFormProps } from '../../content/cards/ContentCardsPage';
import {
  ContentForm,
  DEFAULT_STATUS,
  FieldRow,
  PublishFields,
  optionalUrl,
  requiredText,
  statusSchema,
  useContentSubmit,
} from '../../content/cards/form-parts';
import { inputText, optionalText, today } from '../../content/form-values';
import { KINDS } from '../../content/kinds';

export const newsSchema = z.object({
  title: requiredText('Title'),
  content: requiredText('Content'),
  date: requiredText('Date'),
  link_url: optionalUrl('Link URL'),
  link_text: z.string(),
  featured: z.boolean(),
  status: statusSchema,
});
export type NewsValues = z.infer<typeof newsSchema>;

const FIELDS = ['title', 'content', 'date', 'link_url', 'link_text', 'featured', 'status'] as const;

/** The form's values for a stored item, or the spec's defaults (date today, published). */
export function newsValues(item: NewsItem | null, now = new Date()): NewsValues {
  return {
    title: item?.title ?? '',
    content: item?.content ?? '',
    date: item?.date ?? today(now),
    link_url: inputText(item?.link_url),
    link_text: inputText(item?.link_text),
    featured: item?.featured ?? false,
    status: item?.status === 'draft' ? 'draft' : DEFAULT_STATUS,
  };
}

export function newsInput(values: NewsValues): NewsItemInput {
  return {
    title: values.title,
    content: values.content,
    date: values.date,
    link_url: optionalText(values.link_url),
    link_text: optionalText(values.link_text),
    featured: values.featured,
    status: values.status,
  };
}

function NewsForm({ item, onSaved, onCancel }: ContentFormProps<NewsItem>) {
  const form = useForm<NewsValues>({ resolver: zodResolver(newsSchema), defaultValues: newsValues(item) });
  const { register, formState } = form;
  const { errors } = formState;
  const { onSubmit, pending } = useContentSubmit({ kind: KINDS.news, itemId: item?.id ?? null, form, fields: FIELDS, toInput: newsInput, onSaved });
  return (
    <ContentForm label="News item" editing={item !== null} pending={pending} onSubmit={onSubmit} onCancel={onCancel}>
      <FormField label="Title" error={errors.title?.message}>
        {(control) => <Input {...control} {...register('title')} />}
      </FormField>
      <FormField label="Content" error={errors.content?.message}>
        {(control) => <Textarea {...control} rows={5} {...register('content')} />}
      </FormField>
      <FieldRow>
        <FormField label="Date" error={errors.date?.message}>
          {(control) => <Input {...control} type="date" {...register('date')} />}
        </FormField>
        <FormField label="Link text" error={errors.link_text?.message}>
          {(control) => <Input {...control} placeholder="e.g. Read more" {...register('link_text')} />}
        </FormField>
      </FieldRow>
      <FormField label="Link URL" error={errors.link_url?.message}>
        {(control) => <Input {...control} type="url" inputMode="url" {...register('link_url')} />}
      </FormField>
      <PublishFields form={form} />
    </ContentForm>
  );
}

export function NewsPage() {
  return (
    <ContentCardsPage<NewsItem>
      kind={KINDS.news}
      title="News"
      description="Post news items and announcements."
      itemName="News Item"
      plural="news items"
      details={(item) => (
        <>
          <p>
            <time dateTime={item.date}>{formatDate(item.date)}</time>
          </p>
          <p className="line-clamp-2">{item.content}</p>
        </>
      )}
      Form={NewsForm}
    />
  );
}

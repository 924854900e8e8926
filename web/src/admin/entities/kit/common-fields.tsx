/**
 * Fields most content forms share, with the spec's labels: Status and
 * Featured, the title with its derived slug, and the sort order.
 */
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import type { ContentStatus } from '../../../api/types';
import { fieldsFor, optionsOf, slugDeriver } from './fields';

export const CONTENT_STATUS_LABELS: Record<ContentStatus, string> = { published: 'Published', draft: 'Draft' };
export const CONTENT_STATUS_OPTIONS = optionsOf(CONTENT_STATUS_LABELS);

const Publish = fieldsFor<{ status: ContentStatus; featured: boolean }>();

/** The Status select and the Featured checkbox. */
export function PublishFields() {
  return (
    <>
      <Publish.Select name="status" label="Status" options={CONTENT_STATUS_OPTIONS} />
      <Publish.Checkbox name="featured" label="Featured" />
    </>
  );
}

type TitleSlug = { title: string; slug: string };
const Titled = fieldsFor<TitleSlug>();

/**
 * Title and slug, each on its own row half (cards) or full width (tables);
 * the slug is derived from the title as `rule` says (see slugDeriver).
 * Every entity with a slug has a required title, so the title says so.
 */
export function TitleSlugFields<V extends FieldValues & TitleSlug>({
  form,
  rule,
  hint,
  wide = false,
}: {
  form: UseFormReturn<V>;
  /** 'never': the slug stays as it is (an open call being edited keeps its address). */
  rule: 'always' | 'until-edited' | 'never';
  hint: string;
  wide?: boolean;
}) {
  return (
    <>
      <Titled.Text
        name="title"
        label="Title"
        required
        autoComplete="off"
        wide={wide}
        onValueChange={rule === 'never' ? undefined : slugDeriver(form, rule)}
      />
      <Titled.Text name="slug" label="Slug" hint={hint} wide={wide} />
    </>
  );
}

const Sorted = fieldsFor<{ sort_order: string }>();

/** Sort order (lower first); text that is not a whole number counts as 0 (spec section 5), so no rule. */
export function SortOrderField() {
  return <Sorted.Text name="sort_order" label="Sort order" type="number" inputMode="numeric" hint="Lower numbers come first." wide />;
}

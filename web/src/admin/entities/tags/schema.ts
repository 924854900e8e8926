/** Tags (spec sections 4, 5, 9): the form's rules, its defaults and the request it sends. */
import { z } from 'zod';
import { DEFAULT_COLOR } from '../../../api/rules';
import type { TagInput } from '../../../api/types';
import { blankValues, colorRule, entityKind, optionalText, requiredText, slugRule } from '../kit';

export const tagKind = entityKind({ path: 'tags', label: 'Tag', noun: 'tag', deleteFallback: 'Failed to delete tag' });

export const tagSchema = z.object({
  name: requiredText('Name'),
  slug: slugRule,
  color: colorRule,
});
export type TagValues = z.infer<typeof tagSchema>;

/** A new tag: the default blue. */
export function tagDefaults(): TagValues {
  return blankValues(tagSchema, { color: DEFAULT_COLOR });
}

export function tagInput(values: TagValues): TagInput {
  return {
    name: values.name,
    slug: optionalText(values.slug),
    color: optionalText(values.color),
  };
}

/** The form's rules, defaults and request, for the screen. */
export const tagForm = { schema: tagSchema, defaults: tagDefaults, toInput: tagInput };

/**
 * What a translation's editor does, wherever it stands (the Translations screen's rows and the
 * language tabs of the edit forms): its form's rule, and save, mark as up to date and delete
 * through `translationsApi`, each followed by a refresh of the translation lists and the
 * dashboard's outdated count.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UseFormSetError } from 'react-hook-form';
import { z } from 'zod';
import { MAX_LONG, MAX_SHORT } from '../api/rules';
import type { TextFormat } from '../api/types';
import { queryKeys, type TranslationTarget, translationsApi } from './endpoints';
import { applyFieldErrors } from './form-errors';
import { notify } from './toast';

/** A translation's form: not blank (deleting is how the source text comes back), within the field's length. */
export function translationSchema(format: TextFormat) {
  const max = format === 'short' ? MAX_SHORT : MAX_LONG;
  return z.object({
    text: z.string().trim().min(1, 'Write the translation').max(max, `A translation must be at most ${max} characters`),
  });
}

export type TranslationValues = z.infer<ReturnType<typeof translationSchema>>;

export function useTranslationActions(target: TranslationTarget, setError: UseFormSetError<TranslationValues>) {
  const queryClient = useQueryClient();
  // The language's key is the prefix of each item's (`queryKeys.itemTranslations`).
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.translations(target.lang) }),
      queryClient.invalidateQueries({ queryKey: queryKeys.outdatedTranslations }),
    ]);
  const done = (message: string) => async () => {
    notify.success(message);
    await refresh();
  };
  const save = useMutation({
    mutationFn: (values: TranslationValues) => translationsApi.save(target, values.text),
    onSuccess: done('Translation saved'),
    onError: (error) => {
      if (!applyFieldErrors(error, setError, ['text'])) notify.error(error);
    },
  });
  const review = useMutation({
    mutationFn: () => translationsApi.markReviewed(target),
    onSuccess: done('Translation marked as up to date'),
    onError: (error) => notify.error(error),
  });
  const remove = useMutation({
    mutationFn: () => translationsApi.delete(target),
    onSuccess: done('Translation deleted'),
    onError: (error) => notify.error(error),
  });
  return { save, review, remove };
}

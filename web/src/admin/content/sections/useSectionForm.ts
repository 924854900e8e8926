/**
 * The form of one page-text section (hero, stats, about, contact): starts from
 * the stored content (the server's built-in defaults while nothing is stored),
 * saves with an upsert keyed by section, and says so with the spec's toasts
 * ('Hero section updated successfully' / 'Failed to update hero section: …').
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type PathValue } from 'react-hook-form';
import { toast } from 'sonner';
import type { SectionRecord } from '../../../api/types';
import { errorMessage } from '../../api';
import { applyFieldErrors } from '../../form-errors';
import { notify } from '../../toast';
import { failedMessage, savedMessage, sectionApi, sectionQueryKey, type SectionContents, type SectionKey } from './section-api';

export function useSectionForm<K extends SectionKey>(section: K, record: SectionRecord<SectionContents[K]>) {
  type Content = SectionContents[K] & FieldValues;
  const stored = record.content as Content;
  const queryClient = useQueryClient();
  // Checked on submit, then again as the owner types. Not on blur: a message appearing on
  // blur pushes the submit button down between mouse-down and mouse-up, losing the click.
  const form = useForm<Content>({ defaultValues: stored as DefaultValues<Content>, mode: 'onSubmit', reValidateMode: 'onChange' });
  const {
    reset,
    resetField,
    setError,
    formState: { isDirty },
  } = form;

  // Content stored elsewhere (another tab, a refetch) replaces the form's, unless it is being edited.
  useEffect(() => {
    if (!isDirty) reset(stored);
  }, [stored, isDirty, reset]);

  const storeRecord = (saved: SectionRecord<SectionContents[K]>) => queryClient.setQueryData(sectionQueryKey(section), saved);

  const save = useMutation({
    mutationFn: (content: Content) => sectionApi.save(section, content),
    onSuccess: (saved) => {
      storeRecord(saved);
      reset(saved.content as Content);
      notify.success(savedMessage(section));
    },
    onError: (error) => {
      applyFieldErrors(error, setError, Object.keys(stored) as Path<Content>[]);
      toast.error('Error', { description: failedMessage(section, errorMessage(error)) });
    },
  });

  /**
   * Stores one field now (an uploaded file's URL), over the content as stored
   * on the server: the form's other, unsaved edits stay in the form, unsaved.
   */
  async function saveField(name: Path<Content>, value: string) {
    const fresh = await sectionApi.read(section);
    const saved = await sectionApi.save(section, { ...fresh.content, [name]: value });
    storeRecord(saved);
    resetField(name, { defaultValue: value as PathValue<Content, Path<Content>> });
  }

  return {
    form,
    save,
    saveField,
    onSubmit: form.handleSubmit((values) => save.mutate(values)),
  };
}

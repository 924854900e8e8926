/**
 * The form of one page-text section (hero, stats, about, contact) on the
 * kit's core: it starts from the stored content (the server's built-in
 * defaults while nothing is stored), checks the server's rules
 * (src/content/homepage.rs) before sending, saves with an upsert keyed by
 * section and says so with the spec's toasts ('Hero section updated
 * successfully' / 'Failed to update hero section: …').
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { FieldValues, Path, PathValue, UseFormReturn } from 'react-hook-form';
import { toast } from 'sonner';
import type { SectionRecord } from '../../api/types';
import { errorMessage } from '../api';
import { queryKeys } from '../endpoints';
import { PageSentences, type SentencePage } from '../components/PageSentences';
import { FormShell, fieldsFor, isHttpUrl, isSitePath, optionalLine, type Fields } from '../entities/kit';
import { TranslationScope } from '../entities/kit/LanguageTabs';
import { notify } from '../toast';
import { FieldGroup, PageScreen, UpdateButton, useStoredForm, type StoredFormSpec } from './page-form';
import { failedMessage, savedMessage, sectionApi, sectionQueryKey, useSection, type SectionContents, type SectionKey } from './section-api';

export const LINK_MESSAGE = 'Must be a valid URL starting with http:// or https://';

/** A section's link to elsewhere (Scholar, LinkedIn, a website): blank or an http(s) URL. */
export function urlRule(label: string) {
  return optionalLine(label).refine((value) => value === '' || isHttpUrl(value), LINK_MESSAGE);
}

/**
 * A section's link that may be a file of this site (the uploaded photo and CV, the
 * placeholder image): blank, an http(s) URL or a path on this site (the kit's rules).
 */
export function linkRule(label: string) {
  return optionalLine(label).refine((value) => value === '' || isHttpUrl(value) || isSitePath(value), LINK_MESSAGE);
}

/** What a section's layout gets to place its fields. */
export type SectionLayout<V extends FieldValues> = {
  Field: Fields<V>;
  form: UseFormReturn<V>;
  /** Stores one field at once (an uploaded file's URL); see useSectionForm. */
  saveField: (name: Path<V>, value: string) => Promise<void>;
};

function useSectionForm<K extends SectionKey, V extends FieldValues>(
  section: K,
  record: SectionRecord<SectionContents[K]>,
  spec: StoredFormSpec<V, SectionContents[K]>,
) {
  const queryClient = useQueryClient();
  const store = (saved: SectionRecord<SectionContents[K]>) => queryClient.setQueryData(sectionQueryKey(section), saved);
  const save = useMutation({
    mutationFn: (content: SectionContents[K]) => sectionApi.save(section, content),
    onSuccess: (saved) => {
      store(saved);
      notify.success(savedMessage(section));
      // An edited source text makes its translations outdated.
      return queryClient.invalidateQueries({ queryKey: queryKeys.allTranslations });
    },
    onError: (error) => toast.error('Error', { description: failedMessage(section, errorMessage(error)) }),
  });
  const { form, onSubmit, pending } = useStoredForm({ spec, stored: record.content as unknown as V, submit: save.mutateAsync });

  /**
   * Stores one field now, over the content as stored on the server: the
   * form's other, unsaved edits stay in the form, unsaved.
   */
  async function saveField(name: Path<V>, value: string) {
    const fresh = await sectionApi.read(section);
    store(await sectionApi.save(section, { ...fresh.content, [name]: value }));
    form.resetField(name, { defaultValue: value as PathValue<V, Path<V>> });
  }

  return { form, onSubmit, pending, saveField };
}

export function SectionForm<K extends SectionKey, V extends FieldValues>({
  section,
  record,
  spec,
  submitLabel,
  formLabel,
  children,
}: {
  section: K;
  record: SectionRecord<SectionContents[K]>;
  /** The section's schema; its values are the content, sent as they are. */
  spec: StoredFormSpec<V, SectionContents[K]>;
  /** 'Update Hero Section'. */
  submitLabel: string;
  /** The form's accessible name. */
  formLabel: string;
  /** The fields, grouped in FieldGroup cards. */
  children: (layout: SectionLayout<V>) => ReactNode;
}) {
  const { form, onSubmit, pending, saveField } = useSectionForm(section, record, spec);
  return (
    <FormShell form={form} onSubmit={onSubmit} aria-label={formLabel} className="grid gap-6">
      {/* A section is always stored (its defaults until saved): its texts can be translated from the start. */}
      <TranslationScope scope={{ kind: section, itemId: section }}>{children({ Field: fieldsFor<V>(), form, saveField })}</TranslationScope>
      <div>
        <UpdateButton pending={pending}>{submitLabel}</UpdateButton>
      </div>
    </FormShell>
  );
}

/**
 * A screen of one section (About, Contact): its title names the form and
 * its button ('Update About Page'); its fields share one card, and the
 * page's fixed sentences follow.
 */
export function SectionScreen<K extends SectionKey, V extends FieldValues>({
  section,
  title,
  description,
  spec,
  sentences,
  children,
}: {
  section: K;
  title: string;
  description: string;
  spec: StoredFormSpec<V, SectionContents[K]>;
  /** The public page whose fixed sentences are edited below the form. */
  sentences: SentencePage;
  children: (Field: Fields<V>) => ReactNode;
}) {
  return (
    <PageScreen title={title} description={description} queries={[useSection(section)]} loading="Loading content…">
      {(record) => (
        <>
          <SectionForm section={section} record={record} spec={spec} submitLabel={`Update ${title}`} formLabel={title}>
            {({ Field }) => <FieldGroup>{children(Field)}</FieldGroup>}
          </SectionForm>
          <PageSentences page={sentences} />
        </>
      )}
    </PageScreen>
  );
}

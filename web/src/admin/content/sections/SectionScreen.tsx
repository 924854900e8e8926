/** A screen made of one page-text section (About, Contact): header, spinner while loading, the form. */
import type { ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { PageSpinner } from '../../../components/ui/spinner';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../useDocumentTitle';
import { useSection, type SectionContents, type SectionKey } from './section-api';
import type { FieldSpecs } from './section-fields';
import { SectionForm, SectionLoadError, type SectionLayout } from './SectionForm';

export function SectionScreen<K extends SectionKey>({
  section,
  title,
  description,
  fields,
  submitLabel,
  children,
}: {
  section: K;
  title: string;
  description: string;
  fields: FieldSpecs<SectionContents[K]>;
  submitLabel: string;
  children?: (layout: SectionLayout<SectionContents[K] & FieldValues>) => ReactNode;
}) {
  useDocumentTitle(title);
  const query = useSection(section);
  return (
    <>
      <PageHeader title={title} description={description} />
      {query.isPending ? (
        <PageSpinner label="Loading content…" />
      ) : query.isError ? (
        <SectionLoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <SectionForm section={section} record={query.data} fields={fields} submitLabel={submitLabel} formLabel={title}>
          {children}
        </SectionForm>
      )}
    </>
  );
}

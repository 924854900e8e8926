/**
 * What the page-text screens (hero and stats, about, contact) and the site
 * settings share: the screen around a stored record (header, spinner while
 * loading, load error with 'Try again'), a form on the kit's core that
 * follows the stored record, the cards its fields are grouped in, and the
 * 'Update …' button that reads 'Updating...' while saving.
 */
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { PageSpinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { errorMessage } from '../api';
import { PageHeader } from '../components/PageHeader';
import { SubmitButton, useEntityForm, type SameKeys } from '../entities/kit';
import { useDocumentTitle } from '../useDocumentTitle';

type Loaded<Q extends readonly UseQueryResult[]> = { [I in keyof Q]: Q[I] extends UseQueryResult<infer T> ? T : never };

/**
 * A screen of stored records: its title (also the document's), then the
 * spinner while any of `queries` loads, the first load error, or
 * `children` with every query's data.
 */
export function PageScreen<const Q extends readonly UseQueryResult[]>({
  title,
  description,
  queries,
  loading,
  errorTitle = 'Could not load the content',
  children,
}: {
  title: string;
  description: string;
  queries: Q;
  /** The spinner's label: 'Loading content…'. */
  loading: string;
  errorTitle?: string;
  children: (...data: Loaded<Q>) => ReactNode;
}) {
  useDocumentTitle(title);
  const failed = queries.find((query) => query.isError);
  return (
    <>
      <PageHeader title={title} description={description} />
      {queries.some((query) => query.isPending) ? (
        <PageSpinner label={loading} />
      ) : failed ? (
        <Alert variant="destructive" title={errorTitle}>
          {errorMessage(failed.error)}{' '}
          <button type="button" className="font-medium underline underline-offset-4" onClick={() => void failed.refetch()}>
            Try again
          </button>
        </Alert>
      ) : (
        children(...(queries.map((query) => query.data) as Loaded<Q>))
      )}
    </>
  );
}

/**
 * A form's zod schema and its request. As the kit's `EntityFormSpec`, it only
 * type-checks when the values have exactly the keys of the generated request
 * type (`HeroContent`, `SiteSettings`, …): a field added to or dropped from
 * the Rust type fails `npm run typecheck` until the form follows.
 */
export type StoredFormSpec<V extends FieldValues, Input> = {
  schema: z.ZodType<V, V>;
  toInput: (values: V) => Input;
} & SameKeys<V, Input>;

/**
 * The kit's form (`useEntityForm`) over a stored record: it starts from
 * `stored`, and a record stored elsewhere (another tab, a refetch, a saved
 * upload) replaces the form's values unless they are being edited.
 */
export function useStoredForm<V extends FieldValues, Input>({
  spec,
  stored,
  submit,
  onSaved,
}: {
  spec: StoredFormSpec<V, Input>;
  stored: V;
  submit: (input: Input) => Promise<unknown>;
  /** After a save, with the values saved (the form was reset to them). */
  onSaved?: (values: V) => void;
}) {
  const entityForm = useEntityForm({ schema: spec.schema, toInput: spec.toInput, defaultValues: stored, submit, onSaved });
  const {
    reset,
    formState: { isDirty },
  } = entityForm.form;
  useEffect(() => {
    if (!isDirty) reset(stored);
  }, [stored, isDirty, reset]);
  return entityForm;
}

/** 'Update Hero Section', 'Updating...' with a spinner (and disabled) while the save runs. */
export function UpdateButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  return (
    <SubmitButton pending={pending} pendingLabel="Updating...">
      {children}
    </SubmitButton>
  );
}

/** A card of fields: two columns on wide screens (`wide` fields take both). */
export function FieldGroup({ title, description, children }: { title?: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card>
      {title ? (
        <CardHeader>
          <CardTitle>{title}</CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
      ) : null}
      <CardContent className={cn('grid gap-5 sm:grid-cols-2', !title && 'pt-5 sm:pt-6')}>{children}</CardContent>
    </Card>
  );
}

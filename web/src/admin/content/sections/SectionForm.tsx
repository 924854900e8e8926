/**
 * The shell every page-text screen shares (hero, stats, about, contact): the
 * loading spinner or load error, the labelled fields with their checks, and
 * the submit button that reads 'Updating...' while saving. A screen only
 * lists its fields and, when it wants, how to group them.
 */
import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { SectionRecord } from '../../../api/types';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { errorMessage } from '../../api';
import type { SectionContents, SectionKey } from './section-api';
import { checkField, type FieldSpec, type FieldSpecs } from './section-fields';
import { useSectionForm } from './useSectionForm';

/** What a screen's layout gets to place its fields. */
export type SectionLayout<T extends FieldValues> = {
  /** The labelled control of one field, as its spec says. */
  field: (name: Path<T>) => ReactNode;
  form: UseFormReturn<T>;
  /** Stores one field at once (see useSectionForm). */
  saveField: (name: Path<T>, value: string) => Promise<void>;
};

export function SectionForm<K extends SectionKey>({
  section,
  record,
  fields,
  submitLabel,
  formLabel,
  children,
}: {
  section: K;
  record: SectionRecord<SectionContents[K]>;
  fields: FieldSpecs<SectionContents[K]>;
  /** 'Update Hero Section'. */
  submitLabel: string;
  /** The form's accessible name. */
  formLabel: string;
  /** Groups the fields; all of them in one card when not given. */
  children?: (layout: SectionLayout<SectionContents[K] & FieldValues>) => ReactNode;
}) {
  type Content = SectionContents[K] & FieldValues;
  const { form, save, saveField, onSubmit } = useSectionForm(section, record);
  const {
    register,
    formState: { errors },
  } = form;
  const specs = fields as Record<string, FieldSpec>;

  const field = (name: Path<Content>) => {
    const spec = specs[name];
    if (!spec) throw new Error(`no field spec for ${name}`);
    const message = errors[name]?.message;
    return (
      <SectionField
        key={name}
        spec={spec}
        error={typeof message === 'string' ? message : undefined}
        registration={register(name, { validate: (value: unknown) => checkField(spec, String(value ?? '')) })}
      />
    );
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={formLabel} className="grid gap-6">
      {children ? (
        children({ field, form, saveField })
      ) : (
        <FieldGroup>{Object.keys(specs).map((name) => field(name as Path<Content>))}</FieldGroup>
      )}
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Spinner /> : null}
          {save.isPending ? 'Updating...' : submitLabel}
        </Button>
      </div>
    </form>
  );
}

/** A card of fields: two columns on wide screens, multi-line fields across both. */
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

type Registration = ReturnType<UseFormReturn<FieldValues>['register']>;

const INPUT_TYPES = { text: 'text', link: 'url', email: 'email', tel: 'tel' } as const;

function SectionField({ spec, error, registration }: { spec: FieldSpec; error: string | undefined; registration: Registration }) {
  const kind = spec.kind ?? 'text';
  return (
    <FormField label={spec.label} hint={spec.hint} error={error} className={cn(kind === 'multiline' && 'sm:col-span-2')}>
      {(control) =>
        kind === 'multiline' ? (
          <Textarea {...control} rows={spec.rows ?? 5} placeholder={spec.placeholder} {...registration} />
        ) : (
          <Input
            {...control}
            type={INPUT_TYPES[kind]}
            inputMode={kind === 'link' ? 'url' : undefined}
            autoComplete="off"
            placeholder={spec.placeholder}
            {...registration}
          />
        )
      }
    </FormField>
  );
}

/** A section that could not be loaded, with a way to ask again. */
export function SectionLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert variant="destructive" title="Could not load the content">
      {errorMessage(error)}{' '}
      <button type="button" className="font-medium underline underline-offset-4" onClick={onRetry}>
        Try again
      </button>
    </Alert>
  );
}

/**
 * The labelled fields of the table screens' dialog forms, bound to the
 * surrounding react-hook-form (FormProvider): each shows its own error
 * (the form's rule or the server's 422 message) under the control.
 *
 *   const Field = fieldsFor<StudentValues>();
 *   <Field.Text name="name" label="Name" required />
 */
import type { HTMLInputTypeAttribute, ReactNode } from 'react';
import { useFormContext, type FieldValues, type Path } from 'react-hook-form';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldError, FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { cn } from '../../../lib/cn';
import type { Option } from './rules';

type Common = {
  name: string;
  label: string;
  hint?: ReactNode;
  className?: string;
};

function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const message = errors[name]?.message;
  return typeof message === 'string' ? message : undefined;
}

type TextProps = Common & {
  type?: HTMLInputTypeAttribute;
  inputMode?: 'text' | 'email' | 'url' | 'numeric' | 'decimal';
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  /** Runs after each change the user makes (a title deriving the slug). */
  onValueChange?: (value: string) => void;
};

function TextField({ name, label, hint, className, required, onValueChange, ...inputProps }: TextProps) {
  const { register } = useFormContext();
  return (
    <FormField label={label} hint={hint} error={useFieldError(name)} className={className}>
      {(control) => (
        <Input
          {...control}
          {...inputProps}
          aria-required={required || undefined}
          {...register(name, { onChange: onValueChange ? (event) => onValueChange(String(event.target.value)) : undefined })}
        />
      )}
    </FormField>
  );
}

function TextAreaField({ name, label, hint, className, rows = 4 }: Common & { rows?: number }) {
  const { register } = useFormContext();
  return (
    <FormField label={label} hint={hint} error={useFieldError(name)} className={className}>
      {(control) => <Textarea {...control} rows={rows} {...register(name)} />}
    </FormField>
  );
}

function SelectField({ name, label, hint, className, options }: Common & { options: readonly Option[] }) {
  const { register } = useFormContext();
  return (
    <FormField label={label} hint={hint} error={useFieldError(name)} className={className}>
      {(control) => <Select {...control} options={options} {...register(name)} />}
    </FormField>
  );
}

function CheckboxField({ name, label, className }: Omit<Common, 'hint'>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <div className={cn('grid gap-2', className)}>
      <Checkbox label={label} {...register(name)} />
      <FieldError messages={error ? [error] : []} />
    </div>
  );
}

const FIELDS = { Text: TextField, TextArea: TextAreaField, Select: SelectField, Checkbox: CheckboxField };

type Named<V extends FieldValues, P> = Omit<P, 'name'> & { name: Path<V> };

/** The fields with `name` checked against the form's values type. */
export function fieldsFor<V extends FieldValues>() {
  return FIELDS as {
    Text: (props: Named<V, TextProps>) => ReactNode;
    TextArea: (props: Named<V, Common & { rows?: number }>) => ReactNode;
    Select: (props: Named<V, Common & { options: readonly Option[] }>) => ReactNode;
    Checkbox: (props: Named<V, Omit<Common, 'hint'>>) => ReactNode;
  };
}

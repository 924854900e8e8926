/**
 * One labelled form field: the label, the control, an optional hint and an
 * error slot. The control gets its id, `aria-invalid` and `aria-describedby`
 * from here, so every field is wired the same way:
 *
 *   <FormField label="Email" error={errors.email?.message}>
 *     {(control) => <Input type="email" {...control} {...register('email')} />}
 *   </FormField>
 */
import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/cn';
import { Label } from './label';

export type FieldControlProps = {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby': string | undefined;
};

export function FormField({
  label,
  hint,
  error,
  className,
  aside,
  children,
}: {
  label: ReactNode;
  /** Beside the label, at the end of its line (the admin's language tabs). */
  aside?: ReactNode;
  hint?: ReactNode;
  /** One message, or several (each is shown on its own line). */
  error?: string | readonly string[] | undefined;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const errors = error === undefined || error === '' ? [] : typeof error === 'string' ? [error] : error;
  const describedBy = [hint ? hintId : null, errors.length ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid gap-2', className)}>
      {aside ? (
        <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2">
          <Label htmlFor={id}>{label}</Label>
          {aside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      {children({ id, 'aria-invalid': errors.length > 0, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={errorId} messages={errors} />
    </div>
  );
}

export function FieldError({ id, messages }: { id?: string; messages: readonly string[] }) {
  if (messages.length === 0) return null;
  if (messages.length === 1) {
    return (
      <p id={id} className="text-sm font-medium text-destructive">
        {messages[0]}
      </p>
    );
  }
  return (
    <ul id={id} className="list-disc space-y-1 pl-5 text-sm font-medium text-destructive">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

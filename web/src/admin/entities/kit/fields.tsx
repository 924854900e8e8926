/**
 * The kit's labelled fields, bound to the surrounding form (FormShell's
 * context): each shows its own message (the form's rule or the server's 422
 * message) under the control.
 *
 *   const Field = fieldsFor<StudentValues>();
 *   <Field.Text name="name" label="Name" required wide />
 */
import { lazy, Suspense, useId, type HTMLInputTypeAttribute, type ReactNode } from 'react';
import { get, useController, useFormContext, type FieldValues, type Path, type PathValue, type UseFormReturn } from 'react-hook-form';
import { DEFAULT_COLOR } from '../../../api/rules';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldError, FormField } from '../../../components/ui/form-field';
import { Input, Textarea } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { slugify } from '../../../lib/slug';
import { paintableColor } from './display';
import { Translatable } from './LanguageTabs';
import { ListInput, type ListFieldError } from './ListInput';
import { followSlug } from './values';

// Tiptap is big: it loads only when a form with a rich-text field opens.
const RichTextEditor = lazy(() => import('../../components/RichTextEditor').then((module) => ({ default: module.RichTextEditor })));

/** An option of a select. */
export type Option = { value: string; label: string };

/** A select's options from a generated enum's labels (`Record<CourseRole, string>`), in the record's order. */
export function optionsOf<T extends string>(labels: Record<T, string>): Option[] {
  return Object.entries<string>(labels).map(([value, label]) => ({ value, label }));
}

type Common = {
  name: string;
  label: string;
  hint?: ReactNode;
  /** Takes both columns of the form's grid. */
  wide?: boolean;
  className?: string;
};

function fieldClass({ wide, className }: Pick<Common, 'wide' | 'className'>) {
  return cn(wide && 'sm:col-span-2', className);
}

function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext();
  const error: { message?: unknown } | undefined = get(errors, name);
  return typeof error?.message === 'string' ? error.message : undefined;
}

type TextProps = Common & {
  type?: HTMLInputTypeAttribute;
  inputMode?: 'text' | 'email' | 'url' | 'numeric' | 'decimal';
  required?: boolean;
  placeholder?: string;
  autoComplete?: string;
  /** Offered while typing; any other text is allowed too. */
  suggestions?: readonly string[];
  /** Runs on each change the user makes, with the value before it (a title deriving the slug). */
  onValueChange?: (value: string, previous: string) => void;
};

function TextField({ name, label, hint, wide, className, required, suggestions, onValueChange, ...inputProps }: TextProps) {
  const { register, getValues } = useFormContext();
  const listId = useId();
  const registration = register(name);
  const error = useFieldError(name);
  return (
    <Translatable name={name} label={label} control="line" className={fieldClass({ wide, className })}>
      {({ className: placed, aside, panels }) => (
        <FormField label={label} hint={hint} error={error} className={placed} aside={aside}>
          {(control) =>
            panels(
              <>
                <Input
                  {...control}
                  {...inputProps}
                  list={suggestions ? listId : undefined}
                  aria-required={required || undefined}
                  {...registration}
                  onChange={(event) => {
                    onValueChange?.(event.target.value, String(getValues(name) ?? ''));
                    return registration.onChange(event);
                  }}
                />
                {suggestions ? (
                  <datalist id={listId}>
                    {suggestions.map((suggestion) => (
                      <option key={suggestion} value={suggestion} />
                    ))}
                  </datalist>
                ) : null}
              </>,
            )
          }
        </FormField>
      )}
    </Translatable>
  );
}

type TextAreaProps = Common & { rows?: number; monospace?: boolean };

function TextAreaField({ name, label, hint, wide, className, rows = 4, monospace }: TextAreaProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <Translatable name={name} label={label} control="text" rows={rows} className={fieldClass({ wide, className })}>
      {({ className: placed, aside, panels }) => (
        <FormField label={label} hint={hint} error={error} className={placed} aside={aside}>
          {(control) =>
            panels(<Textarea {...control} rows={rows} className={monospace ? 'font-mono text-xs' : undefined} {...register(name)} />)
          }
        </FormField>
      )}
    </Translatable>
  );
}

type SelectProps = Common & { options: readonly Option[] };

function SelectField({ name, label, hint, wide, className, options }: SelectProps) {
  const { register } = useFormContext();
  return (
    <FormField label={label} hint={hint} error={useFieldError(name)} className={fieldClass({ wide, className })}>
      {(control) => <Select {...control} options={options} {...register(name)} />}
    </FormField>
  );
}

type CheckboxProps = Omit<Common, 'hint'>;

function CheckboxField({ name, label, wide, className }: CheckboxProps) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return (
    <div className={cn('grid gap-2 self-end sm:pb-2.5', fieldClass({ wide, className }))}>
      <Checkbox label={label} {...register(name)} />
      <FieldError messages={error ? [error] : []} />
    </div>
  );
}

type ListProps = Omit<Common, 'hint'> & {
  /** One row's name: rows are 'Author 1', 'Author 2', …; the button 'Add Author'. */
  itemLabel: string;
  placeholder?: string;
};

function ListField({ name, label, wide, className, itemLabel, placeholder }: ListProps) {
  const { field, fieldState } = useController({ name });
  return (
    <div className={fieldClass({ wide, className })}>
      <ListInput
        {...{ label, itemLabel, placeholder }}
        values={field.value as string[]}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={fieldState.error as ListFieldError}
      />
    </div>
  );
}

type RichTextProps = Omit<Common, 'hint' | 'wide'>;

/** Rich text (HTML) in the Tiptap editor; always takes both columns. */
function RichTextField({ name, label, className }: RichTextProps) {
  const wideClass = cn('sm:col-span-2', className);
  const loading = (
    <div className={cn('flex items-center gap-2 text-sm text-muted-foreground', wideClass)}>
      <Spinner label={`Loading the ${label} editor`} />
    </div>
  );
  return (
    <Translatable name={name} label={label} control="rich" className={wideClass}>
      {({ className: placed, aside, panels }) => {
        const editor = (editorClass: string | undefined) => (
          <Suspense fallback={loading}>
            <RichTextInput name={name} label={label} className={editorClass} />
          </Suspense>
        );
        // The editor names itself: the tabs go above it.
        if (!aside) return editor(placed);
        return (
          <div className="grid gap-3">
            {aside}
            {panels(editor(undefined))}
          </div>
        );
      }}
    </Translatable>
  );
}

function RichTextInput({ name, label, className }: { name: string; label: string; className: string | undefined }) {
  const { field, fieldState } = useController({ name });
  const { value, onChange, onBlur, ref } = field;
  return <RichTextEditor {...{ label, className, onChange, onBlur, ref }} value={value as string} error={fieldState.error?.message} />;
}

/** A '#rrggbb' colour: the browser's picker and the hex text, bound to the same value. */
function ColorField({ name, label, hint, wide, className }: Common) {
  const { register, watch, setValue } = useFormContext();
  const color = String(watch(name) ?? '');
  return (
    <FormField label={label} hint={hint} error={useFieldError(name)} className={fieldClass({ wide, className })}>
      {(control) => (
        <div className="flex gap-2">
          <input
            type="color"
            aria-label="Pick a color"
            // The picker only takes #rrggbb; while the text is not one it shows the default.
            value={paintableColor(color, DEFAULT_COLOR)}
            onChange={(event) => setValue(name, event.target.value, { shouldDirty: true, shouldValidate: true })}
            className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-input bg-background p-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring"
          />
          <Input {...control} placeholder={DEFAULT_COLOR} {...register(name)} />
        </div>
      )}
    </FormField>
  );
}

const FIELDS = {
  Text: TextField,
  TextArea: TextAreaField,
  Select: SelectField,
  Checkbox: CheckboxField,
  List: ListField,
  RichText: RichTextField,
  Color: ColorField,
};

type Named<V extends FieldValues, P> = Omit<P, 'name'> & { name: Path<V> };

/** The kit's fields with `name` checked against the form's values type `V`. */
export type Fields<V extends FieldValues> = {
  Text: (props: Named<V, TextProps>) => ReactNode;
  TextArea: (props: Named<V, TextAreaProps>) => ReactNode;
  Select: (props: Named<V, SelectProps>) => ReactNode;
  Checkbox: (props: Named<V, CheckboxProps>) => ReactNode;
  List: (props: Named<V, ListProps>) => ReactNode;
  RichText: (props: Named<V, RichTextProps>) => ReactNode;
  Color: (props: Named<V, Common>) => ReactNode;
};

/** The fields for a form of `V` (the same components, typed). */
export function fieldsFor<V extends FieldValues>(): Fields<V> {
  return FIELDS as Fields<V>;
}

/**
 * A title field's `onValueChange` that derives the slug (spec section 4):
 * 'always' makes it again from every title change (slugify: courses, talks,
 * tags, open calls); 'until-edited' follows the title only while the slug is
 * still the one derived from it (slugifyVariant: publications, projects,
 * research areas).
 */
export function slugDeriver<V extends FieldValues & { slug: string }>(form: UseFormReturn<V>, rule: 'always' | 'until-edited') {
  const slug = 'slug' as Path<V>;
  return (title: string, previousTitle: string) => {
    const next = rule === 'always' ? slugify(title) : followSlug(String(form.getValues(slug)), previousTitle, title);
    form.setValue(slug, next as PathValue<V, Path<V>>, {
      shouldDirty: true,
      // Once the form was submitted, a slug message goes away as soon as the slug is right.
      shouldValidate: form.formState.isSubmitted,
    });
  };
}

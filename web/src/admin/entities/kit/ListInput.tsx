/**
 * A list of short texts edited as rows (publication authors, a project's
 * technologies and collaborators): 'Add …' appends a row, each row has a
 * remove button while more than one row exists, so one row is always kept
 * (spec section 5). Blank rows are dropped when the form is saved.
 */
import { Plus, X } from '../../../components/icons';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { FieldError } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';

/** react-hook-form's errors for a string[] field: one for the list, one per row. */
export type ListFieldError = { message?: string | undefined; [row: number]: { message?: string | undefined } | undefined } | undefined;

export function ListInput({
  label,
  itemLabel,
  values,
  onChange,
  onBlur,
  error,
  placeholder,
  inputRef,
}: {
  /** The group's name, e.g. 'Authors'. */
  label: string;
  /** One row's name, e.g. 'Author': rows are 'Author 1', 'Author 2', …; the button 'Add Author'. */
  itemLabel: string;
  values: readonly string[];
  onChange: (values: string[]) => void;
  onBlur?: () => void;
  error?: ListFieldError;
  placeholder?: string;
  /** Given to the first row, so a failed validation can focus the list. */
  inputRef?: (element: HTMLInputElement | null) => void;
}) {
  const id = useId();
  const rows = useRef<Array<HTMLInputElement | null>>([]);
  // After adding or removing a row, focus moves to the new row or the one before the removed row.
  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow === null) return;
    rows.current[focusRow]?.focus();
    setFocusRow(null);
  }, [focusRow]);

  const listMessage = error?.message;
  const removable = values.length > 1;

  return (
    <fieldset className="grid gap-2" aria-describedby={listMessage ? `${id}-error` : undefined}>
      <legend className="mb-2 text-sm leading-none font-medium">{label}</legend>
      <ul className="grid gap-2">
        {values.map((value, index) => {
          const rowMessage = error?.[index]?.message;
          const rowErrorId = `${id}-row-${index}-error`;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own (plain strings that may repeat); the inputs are controlled and hold no state of their own, so index keys keep their values right when a row is removed
            <li key={index} className="grid gap-1">
              <div className="flex gap-2">
                <Input
                  ref={(element) => {
                    rows.current[index] = element;
                    if (index === 0) inputRef?.(element);
                  }}
                  aria-label={`${itemLabel} ${index + 1}`}
                  aria-invalid={Boolean(rowMessage)}
                  aria-describedby={rowMessage ? rowErrorId : undefined}
                  value={value}
                  placeholder={placeholder}
                  onBlur={onBlur}
                  onChange={(event) => onChange(values.map((old, at) => (at === index ? event.target.value : old)))}
                />
                {removable ? (
                  <Button
                    variant="outline"
                    size="icon"
                    className="shrink-0"
                    aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
                    onClick={() => {
                      onChange(values.filter((_, at) => at !== index));
                      setFocusRow(Math.max(0, index - 1));
                    }}
                  >
                    <X aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
              {rowMessage ? <FieldError id={rowErrorId} messages={[rowMessage]} /> : null}
            </li>
          );
        })}
      </ul>
      <div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            onChange([...values, '']);
            setFocusRow(values.length);
          }}
        >
          <Plus aria-hidden="true" />
          Add {itemLabel}
        </Button>
      </div>
      {listMessage ? <FieldError id={`${id}-error`} messages={[listMessage]} /> : null}
    </fieldset>
  );
}

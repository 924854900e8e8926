/**
 * The files an upload field "saved with the form" leaves behind are deleted when
 * the form closes, because only then is it known what was saved: every file
 * uploaded here but not saved (Cancel, or replaced before saving), and the row's
 * previous file (`initial`, what the row held when the form opened) once a save
 * replaced or removed it. `remove` must be stable (a module-level function).
 * Returns the function that records each upload.
 */
import { useEffect, useRef } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';

export function useUploadsSavedWithForm<T extends FieldValues>(
  form: UseFormReturn<T>,
  field: keyof T & string,
  initial: string,
  remove: (value: string) => void,
): (value: string) => void {
  const uploaded = useRef<string[]>([]);
  const stored = useRef(initial);

  useEffect(() => {
    const { control } = form;
    return () => {
      // A successful save resets the form to what it saved before the form closes, so the
      // form's default is what the row now holds. (The control's live defaults: the
      // `formState` snapshot is a render behind when the dialog closes right after saving.)
      const saved = String((control._defaultValues as Partial<T>)[field] ?? '');
      for (const value of uploaded.current) if (value !== saved) remove(value);
      if (stored.current !== saved) remove(stored.current);
      uploaded.current = [];
      stored.current = saved;
    };
  }, [form, field, remove]);

  return (value) => {
    if (value) uploaded.current.push(value);
  };
}

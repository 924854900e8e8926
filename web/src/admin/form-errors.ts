/**
 * Server field errors into react-hook-form: a 422's `fields` are shown next
 * to the fields they name.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts each server field message on its form field. `rename` maps a server
 * field name to the form's (the password change calls its `password` reasons
 * `new_password`). Returns whether any field got a message.
 */
export function applyFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
  rename: Record<string, Path<T>> = {},
): boolean {
  if (!(error instanceof ApiError)) return false;
  let applied = false;
  for (const [serverName, message] of Object.entries(error.fields)) {
    const name = rename[serverName] ?? (serverName as Path<T>);
    if (!fieldNames.includes(name)) continue;
    setError(name, { type: 'server', message }, { shouldFocus: !applied });
    applied = true;
  }
  return applied;
}

/**
 * A form's photo (a student's portrait, a post's cover): an upload to the
 * `profile-photos` bucket whose URL goes in the form's `field`, saved with the
 * rest of the form (the server makes the photo's sizes; public pages show
 * those). A URL field beside it still takes an address from elsewhere.
 *
 * As with a paper's PDF, stored photos nobody points at are deleted when the
 * form closes (see `useUploadsSavedWithForm`). A deleted row's photo goes with
 * it (`removePhoto` in the screen's `onDeleted`).
 */
import { useWatch, type FieldPath, type FieldValues, type PathValue, type UseFormReturn } from 'react-hook-form';
import { FileUpload } from './FileUpload';
import { removeUpload, uploadedName } from './upload-client';
import { useUploadsSavedWithForm } from './useUploadsSavedWithForm';

const BUCKET = 'profile-photos';

/** Deletes a photo this site stored, in the background; any other address is left alone. */
export function removePhoto(url: string | null | undefined) {
  const name = url ? uploadedName(BUCKET, url) : null;
  if (name) void removeUpload(BUCKET, name).catch(() => undefined);
}

type PhotoFieldProps<T extends FieldValues> = {
  form: UseFormReturn<T>;
  /** The form's field holding the photo's address. */
  field: FieldPath<T> & keyof T & string;
  /** What the row held when the form opened. */
  initial: string | null | undefined;
  label: string;
};

export function PhotoField<T extends FieldValues>({ form, field, initial, label }: PhotoFieldProps<T>) {
  const value = useWatch({ control: form.control, name: field });
  const recordUpload = useUploadsSavedWithForm(form, field, initial ?? '', removePhoto);

  return (
    <div className="sm:col-span-2">
      <FileUpload
        bucket={BUCKET}
        label={label}
        preview="image"
        saved="with-form"
        value={(value as string | null) ?? ''}
        onChange={async (url) => {
          recordUpload(url);
          form.setValue(field, url as PathValue<T, typeof field>, { shouldDirty: true });
        }}
      />
    </div>
  );
}

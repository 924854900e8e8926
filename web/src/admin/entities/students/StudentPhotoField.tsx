/**
 * The student form's photo: an upload to the `profile-photos` bucket whose
 * URL goes in `profile_image_url`, saved with the rest of the form (the
 * server makes the photo's sizes; the public page shows those). The URL field
 * below it still takes an address from elsewhere.
 *
 * As with a paper's PDF, stored photos nobody points at are deleted when the
 * form closes (see `useUploadsSavedWithForm`). A deleted student's photo goes
 * with them (`removeStudentPhoto`).
 */
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { Student } from '../../../api/types';
import { FileUpload } from '../kit/FileUpload';
import { removeUpload, uploadedName } from '../kit/upload-client';
import { useUploadsSavedWithForm } from '../kit/useUploadsSavedWithForm';
import type { StudentValues } from './schema';

const BUCKET = 'profile-photos';

/** Deletes a photo this site stored, in the background; any other address is left alone. */
export function removeStudentPhoto(url: string | null | undefined) {
  const name = url ? uploadedName(BUCKET, url) : null;
  if (name) void removeUpload(BUCKET, name).catch(() => undefined);
}

export function StudentPhotoField({ form, item }: { form: UseFormReturn<StudentValues>; item: Student | null }) {
  const value = useWatch({ control: form.control, name: 'profile_image_url' });
  const recordUpload = useUploadsSavedWithForm(form, 'profile_image_url', item?.profile_image_url ?? '', removeStudentPhoto);

  return (
    <div className="sm:col-span-2">
      <FileUpload
        bucket={BUCKET}
        label="Photo"
        preview="image"
        saved="with-form"
        value={value ?? ''}
        onChange={async (url) => {
          recordUpload(url);
          form.setValue('profile_image_url', url, { shouldDirty: true });
        }}
      />
    </div>
  );
}

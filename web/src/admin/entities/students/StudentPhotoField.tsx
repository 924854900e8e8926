/**
 * The student form's photo: an upload to the `profile-photos` bucket whose
 * URL goes in `profile_image_url`, saved with the rest of the form (the
 * server makes the photo's sizes; the public page shows those). The URL field
 * below it still takes an address from elsewhere.
 *
 * As with a paper's PDF, stored photos nobody points at are deleted when the
 * form closes, once it is known what was saved: every photo uploaded here but
 * not saved, and the row's previous photo once a save replaced or removed it.
 * A deleted student's photo goes with them (`removeStudentPhoto`).
 */
import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { Student } from '../../../api/types';
import { FileUpload } from '../kit/FileUpload';
import { removeUpload, uploadedName } from '../kit/upload-client';
import type { StudentValues } from './schema';

const BUCKET = 'profile-photos';

/** Deletes a photo this site stored, in the background; any other address is left alone. */
export function removeStudentPhoto(url: string | null | undefined) {
  const name = url ? uploadedName(BUCKET, url) : null;
  if (name) void removeUpload(BUCKET, name).catch(() => undefined);
}

export function StudentPhotoField({ form, item }: { form: UseFormReturn<StudentValues>; item: Student | null }) {
  const value = useWatch({ control: form.control, name: 'profile_image_url' });
  // What this form uploaded, and the row's photo when it opened.
  const uploaded = useRef<string[]>([]);
  const stored = useRef(item?.profile_image_url ?? '');

  useEffect(() => {
    const { control } = form;
    return () => {
      // After a save the form's defaults are what the row now holds (see PaperPdfField).
      const saved = control._defaultValues.profile_image_url ?? '';
      for (const url of uploaded.current) if (url !== saved) removeStudentPhoto(url);
      if (stored.current !== saved) removeStudentPhoto(stored.current);
      uploaded.current = [];
      stored.current = saved;
    };
  }, [form]);

  return (
    <div className="sm:col-span-2">
      <FileUpload
        bucket={BUCKET}
        label="Photo"
        preview="image"
        saved="with-form"
        value={value ?? ''}
        onChange={async (url) => {
          if (url) uploaded.current.push(url);
          form.setValue('profile_image_url', url, { shouldDirty: true });
        }}
      />
    </div>
  );
}

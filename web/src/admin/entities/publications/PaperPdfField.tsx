/**
 * The publication form's "Paper PDF": an upload to the `paper-pdfs` bucket
 * whose stored name goes in `pdf_file`, saved with the rest of the form. The
 * site serves it at /publications/<slug>/<slug>.pdf while the paper is
 * published (what Google Scholar wants: the paper's own path, no redirect).
 *
 * Stored PDFs nobody points at are deleted when the form closes (see
 * `useUploadsSavedWithForm`). A deleted publication's PDF goes with it
 * (`removePaperPdf`, called by the screen).
 */
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { Publication } from '../../../api/types';
import { FileUpload } from '../kit/FileUpload';
import { removeUpload, uploadedName } from '../kit/upload-client';
import { useUploadsSavedWithForm } from '../kit/useUploadsSavedWithForm';
import type { PublicationValues } from './schema';

const BUCKET = 'paper-pdfs';

/** Where the owner previews a stored PDF (the public address needs a published, saved row). */
function previewUrl(name: string): string {
  return name ? `/files/${BUCKET}/${encodeURIComponent(name)}` : '';
}

/** Deletes a stored PDF in the background; one already gone counts as deleted, a failure only leaves a file behind. */
export function removePaperPdf(name: string | null | undefined) {
  if (name) void removeUpload(BUCKET, name).catch(() => undefined);
}

export function PaperPdfField({ form, item }: { form: UseFormReturn<PublicationValues>; item: Publication | null }) {
  const value = useWatch({ control: form.control, name: 'pdf_file' });
  const recordUpload = useUploadsSavedWithForm(form, 'pdf_file', item?.pdf_file ?? '', removePaperPdf);

  return (
    <div className="sm:col-span-2">
      <FileUpload
        bucket={BUCKET}
        label="Paper PDF"
        preview="file"
        saved="with-form"
        value={previewUrl(value)}
        onChange={async (url) => {
          const name = uploadedName(BUCKET, url) ?? '';
          recordUpload(name);
          form.setValue('pdf_file', name, { shouldDirty: true });
        }}
      />
    </div>
  );
}

/**
 * The publication form's "Paper PDF": an upload to the `paper-pdfs` bucket
 * whose stored name goes in `pdf_file`, saved with the rest of the form. The
 * site serves it at /publications/<slug>/<slug>.pdf while the paper is
 * published (what Google Scholar wants: the paper's own path, no redirect).
 *
 * Stored objects nobody points at are deleted when the form closes, because
 * only then is it known what was saved: every file uploaded here but not
 * saved (Cancel, or replaced before saving), and the row's previous PDF once
 * a save replaced or removed it. A deleted publication's PDF goes with it
 * (`removePaperPdf`, called by the screen).
 */
import { useEffect, useRef } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { Publication } from '../../../api/types';
import { FileUpload } from '../kit/FileUpload';
import { removeUpload, uploadedName } from '../kit/upload-client';
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
  // What this form uploaded, and the row's PDF when it opened.
  const uploaded = useRef<string[]>([]);
  const stored = useRef(item?.pdf_file ?? '');

  useEffect(() => {
    const { control } = form;
    return () => {
      // A successful save resets the form to what it saved before the form closes, so the
      // form's default is what the row now holds. (The control's live defaults: the
      // `formState` snapshot is a render behind when the dialog closes right after saving.)
      const saved = control._defaultValues.pdf_file ?? '';
      for (const name of uploaded.current) if (name !== saved) removePaperPdf(name);
      if (stored.current !== saved) removePaperPdf(stored.current);
      uploaded.current = [];
      stored.current = saved;
    };
  }, [form]);

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
          if (name) uploaded.current.push(name);
          form.setValue('pdf_file', name, { shouldDirty: true });
        }}
      />
    </div>
  );
}

/**
 * One uploaded file of a form (the profile photo, the CV, a paper's PDF): shows the current
 * file, takes a new one by drag and drop or from the file picker (a real
 * button, so the keyboard reaches it), and removes it. The size limit is
 * checked here before sending; the server checks it again, and the type by
 * content.
 *
 * `onChange` stores the new URL ('' after Remove). It is awaited, so the
 * success toast only appears once the URL is really stored; if storing fails
 * after an upload, the just uploaded object is deleted again.
 *
 * `saved: 'with-form'` is for a field of a form saved by its own button (a
 * publication's PDF): Remove only clears the value and leaves the stored
 * object alone, since the saved row still points at it until the form is
 * saved; the form deletes objects it no longer needs once it closes.
 */
import { FileText } from '../../../components/icons';
import { useRef, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../api';
import { notify } from '../../toast';
import { BUSY_CLASS, DropZone } from './DropZone';
import { BUCKETS, isTooLarge, removeUpload, tooLargeMessage, uploadFile, uploadedName, type Bucket } from './upload-client';

export type FileUploadProps = {
  bucket: Bucket;
  /** 'Profile photo', 'CV': the group's name and the start of its toasts. */
  label: string;
  /** The stored URL, '' when there is none. */
  value: string;
  /** Stores `url` in the content field; rejects when that failed. */
  onChange: (url: string) => Promise<void>;
  /** How the current file shows: a picture, or its name as a link. */
  preview: 'image' | 'file';
  /** 'at-once' (the default): `onChange` saves; 'with-form': the form's own button saves. */
  saved?: 'at-once' | 'with-form';
};

/** The last path segment of a URL: what a file link shows. */
export function fileNameOf(url: string): string {
  const segment = url.split(/[?#]/, 1)[0]?.split('/').filter(Boolean).pop() ?? url;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function FileUpload({ bucket, label, value, onChange, preview, saved = 'at-once' }: FileUploadProps) {
  const { maxMB, accept, kinds } = BUCKETS[bucket];
  const chooseRef = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState<'upload' | 'remove' | null>(null);

  async function send(file: File) {
    if (busy) return;
    if (isTooLarge(file, maxMB)) {
      toast.error('File too large', { description: tooLargeMessage(maxMB) });
      return;
    }
    setBusy('upload');
    try {
      const uploaded = await uploadFile(bucket, file);
      try {
        await onChange(uploaded.url);
      } catch (error) {
        // Not stored anywhere: do not leave the object behind.
        void removeUpload(bucket, uploaded.name).catch(() => undefined);
        throw error;
      }
      notify.success(`${label} uploaded successfully`);
    } catch (error) {
      toast.error('Upload failed', { description: errorMessage(error, 'Failed to upload file') });
    } finally {
      setBusy(null);
    }
  }

  async function remove() {
    if (busy) return;
    setBusy('remove');
    try {
      // Only this bucket's own files are deleted; a link elsewhere is just cleared.
      const name = saved === 'at-once' ? uploadedName(bucket, value) : null;
      if (name) await removeUpload(bucket, name);
      await onChange('');
      // The Remove button goes away with the file: keep the keyboard focus in the group.
      chooseRef.current?.focus();
      // With the form, nothing is saved yet: the form's own save says so.
      if (saved === 'at-once') notify.success(`${label} removed successfully`);
    } catch {
      toast.error('Remove failed', { description: 'Failed to remove file' });
    } finally {
      setBusy(null);
    }
  }

  // Busy buttons are aria-disabled rather than disabled, so they keep the keyboard focus.
  return (
    <fieldset className="grid min-w-0 gap-3" aria-busy={busy !== null}>
      <legend className="mb-2 text-sm leading-none font-medium">{label}</legend>
      <div className="flex min-w-0 flex-wrap items-center gap-4">
        <CurrentFile url={value} label={label} preview={preview} />
        {value ? (
          <Button variant="outline" size="sm" aria-disabled={busy !== null} className={BUSY_CLASS} onClick={() => void remove()}>
            {busy === 'remove' ? <Spinner /> : null}
            Remove
          </Button>
        ) : null}
      </div>
      <DropZone
        testId={`${bucket}-dropzone`}
        accept={accept}
        busy={busy !== null}
        progress={busy === 'upload' ? 'Uploading...' : null}
        onFile={(file) => void send(file)}
        chooseRef={chooseRef}
        hint={
          <>
            {kinds}, up to {maxMB} MB.{' '}
            {saved === 'at-once' ? 'Uploading or removing saves the change at once.' : 'Saved with the rest of the form.'}
          </>
        }
      />
    </fieldset>
  );
}

function CurrentFile({ url, label, preview }: { url: string; label: string; preview: 'image' | 'file' }) {
  if (!url) return <p className="text-sm text-muted-foreground">No file yet.</p>;
  if (preview === 'image') {
    return (
      <img
        src={url}
        alt={`Current ${label.toLowerCase()}`}
        width={80}
        height={80}
        className="size-20 shrink-0 rounded-full border border-border bg-muted object-cover"
      />
    );
  }
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-w-0 items-center gap-2 rounded-sm text-sm font-medium text-primary underline underline-offset-4 hover:no-underline focus-ring"
    >
      <FileText aria-hidden="true" className="size-4 shrink-0" />
      <span className="min-w-0 break-all">{fileNameOf(url)}</span>
      <span className="sr-only"> (current {label}, opens in a new tab)</span>
    </a>
  );
}

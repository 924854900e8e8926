/**
 * The kit's drop zone: a dashed area that takes one file by drag and drop, with
 * a real "Choose file" button (so the keyboard and screen readers reach it)
 * opening the file picker. Used by the form uploads (`FileUpload`) and the
 * "Import a site" screen; what happens to the file is the caller's.
 */
import { useId, useRef, useState, type ChangeEvent, type DragEvent, type ReactNode, type Ref } from 'react';
import { Upload } from '../../../components/icons';
import { buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';

export const BUSY_CLASS = 'aria-disabled:cursor-not-allowed aria-disabled:opacity-50';

export type DropZoneProps = {
  /** `data-testid` of the zone. */
  testId: string;
  /** The file picker's `accept`. */
  accept: string;
  /** Under the button: the kinds and size the zone takes. */
  hint: ReactNode;
  /** While true, drops and the button do nothing (the button keeps its focus). */
  busy: boolean;
  /** While given, the button shows it with a spinner: "Uploading...", "Uploading... 40%". */
  progress?: ReactNode;
  onFile: (file: File) => void;
  /** The "Choose file" button, for callers that move the focus back to it. */
  chooseRef?: Ref<HTMLButtonElement>;
};

export function DropZone({ testId, accept, hint, busy, progress, onFile, chooseRef }: DropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const hintId = useId();

  function onPicked(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // picking the same file again still counts as a change
    if (file && !busy) onFile(file);
  }

  function onDragOver(event: DragEvent<HTMLDivElement>) {
    event.preventDefault(); // allows the drop
    event.dataTransfer.dropEffect = busy ? 'none' : 'copy';
    setDragging(true);
  }

  function onDragLeave(event: DragEvent<HTMLDivElement>) {
    // Moving over a child also fires dragleave on the zone: only leaving the zone counts.
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onFile(file);
  }

  // The busy button is aria-disabled rather than disabled, so it keeps the keyboard focus.
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: drag-and-drop target only (no click or key handling); the keyboard and screen-reader way is the 'Choose file' button inside
    <div
      data-testid={testId}
      data-dragging={dragging || undefined}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center gap-2 rounded-lg border-2 border-dashed border-input px-4 py-6 text-center transition-colors',
        dragging && 'border-primary bg-accent',
      )}
    >
      <Upload aria-hidden="true" className="size-6 text-muted-foreground" />
      <p className="text-sm text-muted-foreground">Drag and drop a file here, or</p>
      <button
        ref={chooseRef}
        type="button"
        aria-describedby={hintId}
        aria-disabled={busy}
        className={buttonClassName('outline', 'sm', BUSY_CLASS)}
        onClick={() => busy || inputRef.current?.click()}
      >
        {progress ? <Spinner /> : null}
        {progress ?? 'Choose file'}
      </button>
      <p id={hintId} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <input ref={inputRef} type="file" accept={accept} hidden onChange={onPicked} />
    </div>
  );
}

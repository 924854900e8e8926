/**
 * The admin's toasts (sonner), worded as the spec has them: success toasts
 * are titled 'Success', failures 'Error' with the server's message.
 */
import { toast } from 'sonner';
import { errorMessage } from './api';

/** How long the server keeps a bulk action's undo (`content::bulk::UNDO_WINDOW`). */
export const UNDO_WINDOW_MS = 30_000;

export const notify = {
  success(message: string) {
    toast.success('Success', { description: message });
  },
  /** A success that can be taken back: the toast stays `UNDO_WINDOW_MS` with an 'Undo' button. */
  undoable(message: string, onUndo: () => void) {
    toast.success('Success', { description: message, duration: UNDO_WINDOW_MS, action: { label: 'Undo', onClick: onUndo } });
  },
  /** The error's own message (the server's), or `fallback` when it has none. */
  error(error: unknown, fallback = 'An error occurred') {
    toast.error('Error', { description: errorMessage(error, fallback) });
  },
};

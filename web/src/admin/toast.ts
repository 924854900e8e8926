/**
 * The admin's toasts (sonner), worded as the spec has them: success toasts
 * are titled 'Success', failures 'Error' with the server's message.
 */
import { toast } from 'sonner';
import { errorMessage } from './api';

export const notify = {
  success(message: string) {
    toast.success('Success', { description: message });
  },
  /** The error's own message (the server's), or `fallback` when it has none. */
  error(error: unknown, fallback = 'An error occurred') {
    toast.error('Error', { description: errorMessage(error, fallback) });
  },
};

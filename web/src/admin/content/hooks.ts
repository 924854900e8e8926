/**
 * Reading and writing one content table from an admin screen, with the
 * spec's toasts: every list refreshes after a successful write, deletes ask
 * for the browser's confirmation first.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../api';
import { notify } from '../toast';
import { deleteQuestion, type ContentKind } from './kinds';

export function contentQueryKey(kind: ContentKind) {
  return ['content', kind.path] as const;
}

/** Every row of the table (drafts included), in the server's admin order. */
export function useContentList<T>(kind: ContentKind) {
  return useQuery({
    queryKey: contentQueryKey(kind),
    queryFn: ({ signal }) => api.get<T[]>(`/api/admin/${kind.path}`, { signal }),
  });
}

/**
 * Creates (no id) or updates (id) a row. Success shows '<Label> created/updated
 * successfully'; failure shows the server's message (or the kind's fall-back)
 * and rethrows, so the form can put field errors next to their fields and
 * stay open.
 */
export function useSaveContent<T, Input>(kind: ContentKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id?: string | null; input: Input }) =>
      id ? api.put<T>(`/api/${kind.path}/${encodeURIComponent(id)}`, input) : api.post<T>(`/api/${kind.path}`, input),
    onSuccess: (_saved, { id }) => {
      notify.success(`${kind.label} ${id ? 'updated' : 'created'} successfully`);
      return queryClient.invalidateQueries({ queryKey: contentQueryKey(kind) });
    },
    onError: (error) => notify.error(error, kind.saveFallback),
  });
}

/** Deletes a row after the browser's 'Are you sure you want to delete this <noun>?'. */
export function useDeleteContent(kind: ContentKind) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: string) => api.delete(`/api/${kind.path}/${encodeURIComponent(id)}`),
    onSuccess: () => {
      notify.success(`${kind.label} deleted successfully`);
      return queryClient.invalidateQueries({ queryKey: contentQueryKey(kind) });
    },
    onError: (error) => notify.error(error, kind.deleteFallback),
  });
  return {
    ...mutation,
    /** Asks first; resolves to whether the row was deleted. */
    confirmAndDelete: async (id: string): Promise<boolean> => {
      if (!window.confirm(deleteQuestion(kind))) return false;
      try {
        await mutation.mutateAsync(id);
        return true;
      } catch {
        return false; // already told the user with a toast
      }
    },
  };
}

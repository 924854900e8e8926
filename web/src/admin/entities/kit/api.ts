/**
 * Reading and writing one content table from an admin screen, with the
 * spec's toasts (section 8) and delete questions (section 4): every list
 * refreshes after a successful write, deletes ask the browser first.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api';
import { notify } from '../../toast';

/** One content table and the words the spec uses for it. Each entity folder defines its own. */
export type EntityKind = {
  /** The table's path under /api (`/api/news`, `/api/admin/news`, `/api/news/<id>`). */
  path: string;
  /** Start of the success toasts: '<label> created successfully'. */
  label: string;
  /** In the delete question and the empty text: 'Are you sure you want to delete this <noun>?' */
  noun: string;
  /** Toast text when a save fails without a server message. */
  saveFallback: string;
  /** Toast text when a delete fails without a server message. */
  deleteFallback: string;
};

const GENERIC = 'An error occurred';

/** A kind with the generic fall-back toasts unless told otherwise. */
export function entityKind(kind: Pick<EntityKind, 'path' | 'label' | 'noun'> & Partial<EntityKind>): EntityKind {
  return { saveFallback: GENERIC, deleteFallback: GENERIC, ...kind };
}

export function entityQueryKey(kind: EntityKind) {
  return ['content', kind.path] as const;
}

export function deleteQuestion(kind: EntityKind): string {
  return `Are you sure you want to delete this ${kind.noun}?`;
}

/** Every row of the table (drafts included), in the server's admin order. */
export function useEntityList<T>(kind: EntityKind) {
  return useQuery({
    queryKey: entityQueryKey(kind),
    queryFn: ({ signal }) => api.get<T[]>(`/api/admin/${kind.path}`, { signal }),
  });
}

/**
 * Creates (no id) or updates (id) a row. Success shows '<Label> created/updated
 * successfully'; failure shows the server's message (or the kind's fall-back)
 * and rethrows, so the form can put field errors next to their fields and
 * stay open.
 */
export function useSaveEntity<Input>(kind: EntityKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: Input }) =>
      id ? api.put<unknown>(`/api/${kind.path}/${encodeURIComponent(id)}`, input) : api.post<unknown>(`/api/${kind.path}`, input),
    onSuccess: (_saved, { id }) => {
      notify.success(`${kind.label} ${id ? 'updated' : 'created'} successfully`);
      return queryClient.invalidateQueries({ queryKey: entityQueryKey(kind) });
    },
    onError: (error) => notify.error(error, kind.saveFallback),
  });
}

/** Deletes a row after the browser's 'Are you sure you want to delete this <noun>?'. */
export function useDeleteEntity(kind: EntityKind) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (id: string) => api.delete(`/api/${kind.path}/${encodeURIComponent(id)}`),
    onSuccess: () => {
      notify.success(`${kind.label} deleted successfully`);
      return queryClient.invalidateQueries({ queryKey: entityQueryKey(kind) });
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

/**
 * Reading and writing one content table from an admin screen, with the
 * spec's toasts (section 8) and delete questions (section 4): every list
 * refreshes after a successful write, deletes ask the browser first.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BulkRequest, UndoToken } from '../../../api/types';
import { api } from '../../api';
import { queryKeys } from '../../endpoints';
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
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: entityQueryKey(kind) }),
        // An edited source text makes its translations outdated.
        queryClient.invalidateQueries({ queryKey: queryKeys.allTranslations }),
      ]);
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

/** Rows on one page of an admin list. */
export const PAGE_SIZE = 50;

/** What the owner asked of a list (issue 44): each filter's value ('' for any), the sort ('' for the table's own order) and the page (from 1). */
export type ListParams = { q: string; kind: string; year: string; status: string; tag: string; source: string; sort: string; page: number };

export const ANY: ListParams = { q: '', kind: '', year: '', status: '', tag: '', source: '', sort: '', page: 1 };

/** `GET /api/admin/<table>?…` for `params`: the filters that are set, and the page as limit and offset. */
export function listPath(kind: EntityKind, params: ListParams): string {
  const query = new URLSearchParams();
  for (const key of ['q', 'kind', 'year', 'status', 'tag', 'source', 'sort'] as const) {
    const value = params[key].trim();
    if (value) query.set(key, value);
  }
  query.set('limit', String(PAGE_SIZE));
  query.set('offset', String((params.page - 1) * PAGE_SIZE));
  return `/api/admin/${kind.path}?${query}`;
}

/** One page of the owner's list and how many rows match in all (`X-Total-Count`). The last page stays shown while the next loads. */
export function useEntityPage<T>(kind: EntityKind, params: ListParams) {
  return useQuery({
    queryKey: [...entityQueryKey(kind), 'page', params],
    queryFn: async ({ signal }) => {
      let total: number | null = null;
      const items = await api.get<T[]>(listPath(kind, params), {
        signal,
        onResponse: (response) => {
          const header = response.headers.get('X-Total-Count');
          total = header === null ? null : Number(header);
        },
      });
      return { items, total: total ?? items.length };
    },
    placeholderData: keepPreviousData,
  });
}

/** One action on many rows (`POST /api/admin/<table>/bulk`), answered with its undo token; every list refreshes. */
export function useBulkAction(kind: EntityKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BulkRequest) => api.post<UndoToken>(`/api/admin/${kind.path}/bulk`, request),
    onSettled: () => queryClient.invalidateQueries({ queryKey: entityQueryKey(kind) }),
    onError: (error) => notify.error(error),
  });
}

/** Takes a bulk action back (`POST /api/admin/undo/<token>`), within its 30 s. */
export function useUndo(kind: EntityKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<void>(`/api/admin/undo/${encodeURIComponent(token)}`),
    onSuccess: () => notify.success('The action was undone'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: entityQueryKey(kind) }),
    onError: (error) => notify.error(error),
  });
}

/**
 * The imports of papers (issue 44, item 4): each .bib file, ORCID record,
 * list of DOIs or site imported, as the list's Source filter offers them
 * ('Imported from ORCID on 27 Nov 2026 (97)'), and a panel on the
 * publications screen where an import's papers are removed in one action
 * with an Undo for 30 s. Papers edited since their import are kept (the
 * server says which).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImportRemoval, ImportSummary } from '../../../api/types';
import { Button } from '../../../components/ui/button';
import { api } from '../../api';
import { notify } from '../../toast';
import { entityQueryKey, useUndo } from '../kit/api';
import type { Option } from '../kit/fields';
import { countOf } from '../kit/ListTools';
import { publicationKind } from './schema';

/** Under the publications' key: every write to the papers refreshes it too. */
const importsKey = [...entityQueryKey(publicationKind), 'imports'] as const;

export function useImports() {
  return useQuery({ queryKey: importsKey, queryFn: ({ signal }) => api.get<ImportSummary[]>('/api/admin/imports', { signal }) });
}

const DAY = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric' });

/** '27 Nov 2026' (in the viewer's time zone). */
export function importDay(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? value : DAY.format(date);
}

/** Long lists of DOIs are cut short: the option stays one line. */
function short(label: string): string {
  return label.length > 40 ? `${label.slice(0, 39)}…` : label;
}

/** What the import was and when: 'Imported from ORCID on 27 Nov 2026', 'BibTeX: chiquet.bib on 27 Nov 2026'. */
export function importName(item: ImportSummary): string {
  const day = importDay(item.created_at);
  switch (item.kind) {
    case 'orcid':
      return `Imported from ORCID on ${day}`;
    case 'bibtex':
      return `BibTeX: ${short(item.label)} on ${day}`;
    case 'doi':
      return `DOI: ${short(item.label)} on ${day}`;
    case 'site':
      return `Site (${item.label}) on ${day}`;
  }
}

/** The Source filter's options: by hand, then each import with its number of papers. */
export function sourceOptions(imports: readonly ImportSummary[]): Option[] {
  return [
    { value: 'manual', label: 'Added by hand' },
    ...imports.map((item) => ({ value: item.id, label: `${importName(item)} (${item.papers})` })),
  ];
}

/** The question before an import's papers go: how many, and how many stay because they were edited. */
export function removeQuestion(item: ImportSummary): string {
  const going = item.papers - item.edited;
  const kept = item.edited > 0 ? ` ${countOf(publicationKind, item.edited)} edited since the import will be kept.` : '';
  return `Remove the ${countOf(publicationKind, going)} of this import (${importName(item)})?${kept}`;
}

/** The toast after a removal. */
export function removedMessage(outcome: ImportRemoval): string {
  const kept = outcome.kept.length;
  if (outcome.removed === 0) {
    return `Nothing was removed: the ${countOf(publicationKind, kept)} left from this import ${kept === 1 ? 'was' : 'were'} edited since`;
  }
  const removed = `${countOf(publicationKind, outcome.removed)} removed`;
  return kept === 0 ? removed : `${removed}; ${kept} edited since the import ${kept === 1 ? 'was' : 'were'} kept`;
}

/** The imports that still have papers, each with its removal; nothing when there are none. */
export function ImportsPanel() {
  const imports = useImports();
  const queryClient = useQueryClient();
  const undo = useUndo(publicationKind);
  const remove = useMutation({
    mutationFn: (id: string) => api.post<ImportRemoval>(`/api/admin/imports/${encodeURIComponent(id)}/remove`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: entityQueryKey(publicationKind) }),
    onError: (error) => notify.error(error),
  });
  const items = imports.data ?? [];
  if (items.length === 0) return null;

  const run = async (item: ImportSummary) => {
    if (!window.confirm(removeQuestion(item))) return;
    try {
      const outcome = await remove.mutateAsync(item.id);
      const token = outcome.undo;
      if (token) notify.undoable(removedMessage(outcome), () => undo.mutate(token));
      else notify.success(removedMessage(outcome));
    } catch {
      // already told the user with a toast
    }
  };

  return (
    <details className="mb-4 rounded-xl border border-border bg-card px-4 py-3 text-sm">
      <summary className="cursor-pointer font-medium focus-ring">Imports ({items.length})</summary>
      <ul className="mt-3 grid gap-2" aria-label="Imports">
        {items.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 border-t border-border pt-2">
            <span>
              {importName(item)}: {countOf(publicationKind, item.papers)}
              {item.edited > 0 ? `, ${item.edited} edited since` : ''}
            </span>
            <Button
              variant="outline"
              size="sm"
              className="text-destructive hover:text-destructive"
              aria-label={`Remove papers: ${importName(item)}`}
              disabled={remove.isPending}
              onClick={() => void run(item)}
            >
              Remove papers
            </Button>
          </li>
        ))}
      </ul>
    </details>
  );
}

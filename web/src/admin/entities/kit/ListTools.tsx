/**
 * What makes an admin list hold hundreds (issue 44): a search box, filters
 * and a sort above it, a pager under it, and a bar of bulk actions over the
 * selected rows (publish, unpublish, tag, delete with one question, each
 * with an Undo in its toast for 30 s). `EntityScreen` puts them around its
 * rows; a screen says which filters its table has (`ListTools`).
 */
import { useEffect, useId, useState } from 'react';
import { Search } from '../../../components/icons';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import type { BulkAction } from '../../../api/types';
import { notify } from '../../toast';
import { PAGE_SIZE, useBulkAction, useUndo, type EntityKind, type ListParams } from './api';
import type { Option } from './fields';

/** The filters and actions a table has beyond search, paging, the latest edited first and delete. */
export type ListTools = {
  /** Rows are published or drafts: a status filter, and publish / unpublish. */
  publishable?: boolean;
  /** The kinds a row can be of (a publication's type): a kind filter. */
  kinds?: readonly Option[];
  /** A year filter (the row's year, or its date's). */
  year?: boolean;
  /** The tags rows can carry: a tag filter and the 'Add tag' action. */
  tags?: readonly Option[];
  /** Where rows came from (a paper's import, or 'manual'): a source filter. */
  sources?: readonly Option[];
  /** Orders besides the table's own (first) and the latest edited. */
  sorts?: readonly Option[];
  /** The search box's placeholder: what it looks in ('Search by title, author or venue'). */
  searchHint?: string;
};

const SEARCH_DELAY_MS = 300;

/** The search box and the filters: a change starts again from page 1 and clears the selection. */
export function ListToolbar({
  tools,
  params,
  onChange,
  label,
}: {
  tools: ListTools;
  params: ListParams;
  onChange: (params: ListParams) => void;
  /** What is searched: 'Search publications'. */
  label: string;
}) {
  const id = useId();
  const [typed, setTyped] = useState(params.q);
  // The search waits for a pause in the typing, rather than asking at every key.
  useEffect(() => {
    if (typed === params.q) return;
    const timer = window.setTimeout(() => onChange({ ...params, q: typed, page: 1 }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [typed, params, onChange]);
  const set = (key: keyof Omit<ListParams, 'page' | 'q'>) => (value: string) => onChange({ ...params, [key]: value, page: 1 });
  const sorts: Option[] = [
    { value: '', label: 'Default order' },
    ...(tools.sorts ?? []),
    { value: '-updated_at', label: 'Recently edited' },
  ];
  return (
    <search
      className="mb-4 grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-[minmax(14rem,2fr)_repeat(auto-fit,minmax(9rem,1fr))]"
      aria-label={label}
    >
      <div className="relative col-span-2 sm:col-span-3 lg:col-span-1">
        <label htmlFor={`${id}-q`} className="sr-only">
          {label}
        </label>
        <Search aria-hidden="true" className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
        <Input
          id={`${id}-q`}
          type="search"
          className="pl-9"
          placeholder={tools.searchHint ?? 'Search'}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </div>
      {tools.kinds ? (
        <Filter label="Type" value={params.kind} onChange={set('kind')} options={[{ value: '', label: 'All types' }, ...tools.kinds]} />
      ) : null}
      {tools.year ? <YearFilter value={params.year} onChange={set('year')} /> : null}
      {tools.publishable ? (
        <Filter
          label="Status"
          value={params.status}
          onChange={set('status')}
          options={[
            { value: '', label: 'Any status' },
            { value: 'published', label: 'Published' },
            { value: 'draft', label: 'Draft' },
          ]}
        />
      ) : null}
      {tools.tags && tools.tags.length > 0 ? (
        <Filter label="Tag" value={params.tag} onChange={set('tag')} options={[{ value: '', label: 'Any tag' }, ...tools.tags]} />
      ) : null}
      {tools.sources && tools.sources.length > 0 ? (
        <Filter
          label="Source"
          value={params.source}
          onChange={set('source')}
          options={[
            { value: '', label: 'Any source' },
            ...tools.sources,
            // The chosen import's papers were all removed: it stays chosen (an Undo may bring them back).
            ...(params.source && !tools.sources.some((option) => option.value === params.source)
              ? [{ value: params.source, label: 'An import with no papers left' }]
              : []),
          ]}
        />
      ) : null}
      <Filter label="Sort by" value={params.sort} onChange={set('sort')} options={sorts} />
    </search>
  );
}

function Filter({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly Option[];
}) {
  const id = useId();
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        {label}
      </label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)} options={options} />
    </div>
  );
}

/** A year typed as four digits; anything else filters nothing until it is one. */
function YearFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const [typed, setTyped] = useState(value);
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-xs font-medium text-muted-foreground">
        Year
      </label>
      <Input
        id={id}
        inputMode="numeric"
        placeholder="Any year"
        value={typed}
        onChange={(event) => {
          const year = event.target.value.trim();
          setTyped(event.target.value);
          if (year === '' || /^\d{4}$/.test(year)) onChange(year);
        }}
      />
    </div>
  );
}

/** 'Showing 51–100 of 152' and the buttons to the pages before and after. */
export function Pager({ page, total, onPage }: { page: number; total: number; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const first = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const last = Math.min(total, page * PAGE_SIZE);
  return (
    <nav className="mt-6 flex flex-wrap items-center justify-between gap-3" aria-label="Pages">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {first}–{last} of {total}
      </p>
      {pages > 1 ? (
        <div className="flex items-center gap-2">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </Button>
          <span className="text-sm text-muted-foreground">
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
            Next
          </Button>
        </div>
      ) : null}
    </nav>
  );
}

/** '3 publications', '1 publication'. */
export function countOf(kind: EntityKind, count: number): string {
  return `${count} ${kind.noun}${count === 1 ? '' : 's'}`;
}

/** The question before a bulk delete: one for all the selected rows. */
export function bulkDeleteQuestion(kind: EntityKind, count: number): string {
  return count === 1
    ? `Are you sure you want to delete this ${kind.noun}?`
    : `Are you sure you want to delete these ${countOf(kind, count)}?`;
}

const DONE: Record<BulkAction, string> = { delete: 'deleted', publish: 'published', unpublish: 'moved to drafts', tag: 'tagged' };

/** The bar over a selection: how many, and what can be done to all of them at once. */
export function SelectionBar({
  kind,
  tools,
  selected,
  onDone,
  onClear,
}: {
  kind: EntityKind;
  tools: ListTools;
  selected: readonly string[];
  /** After an action went through (the rows are refreshed already). */
  onDone: () => void;
  onClear: () => void;
}) {
  const bulk = useBulkAction(kind);
  const undo = useUndo(kind);
  const [tag, setTag] = useState('');
  const tagId = useId();
  const run = async (action: BulkAction) => {
    const count = selected.length;
    if (action === 'delete' && !window.confirm(bulkDeleteQuestion(kind, count))) return;
    try {
      const request = action === 'tag' ? { action, ids: [...selected], tag } : { action, ids: [...selected] };
      const { undo: token } = await bulk.mutateAsync(request);
      const tagName = tools.tags?.find((option) => option.value === tag)?.label;
      const message =
        action === 'tag' ? `${countOf(kind, count)} tagged ${tagName ?? ''}`.trim() : `${countOf(kind, count)} ${DONE[action]}`;
      notify.undoable(message, () => undo.mutate(token));
      onDone();
    } catch {
      // already told the user with a toast
    }
  };
  const busy = bulk.isPending;
  return (
    <section
      aria-label="Selected rows"
      className="sticky top-16 z-30 mb-4 flex flex-wrap items-center gap-2 rounded-xl border border-border bg-card p-2 shadow-sm sm:p-3"
    >
      {/* The count and its Clear first: on a phone they share the top line, the actions wrap below. */}
      <p className="text-sm font-medium" aria-live="polite">
        {selected.length} selected
      </p>
      <Button variant="ghost" size="sm" className="mr-auto" onClick={onClear}>
        Clear selection
      </Button>
      {busy ? <Spinner /> : null}
      {tools.publishable ? (
        <>
          <Button variant="outline" size="sm" disabled={busy} onClick={() => void run('publish')}>
            Publish
          </Button>
          <Button variant="outline" size="sm" disabled={busy} onClick={() => void run('unpublish')}>
            Unpublish
          </Button>
        </>
      ) : null}
      {tools.tags && tools.tags.length > 0 ? (
        <span className="flex items-center gap-2">
          <label htmlFor={tagId} className="sr-only">
            Tag to add
          </label>
          <Select
            id={tagId}
            className="h-8 w-36 py-1"
            value={tag}
            onChange={(event) => setTag(event.target.value)}
            options={[{ value: '', label: 'Choose a tag' }, ...tools.tags]}
          />
          <Button variant="outline" size="sm" disabled={busy || tag === ''} onClick={() => void run('tag')}>
            Add tag
          </Button>
        </span>
      ) : null}
      <Button variant="destructive" size="sm" disabled={busy} onClick={() => void run('delete')}>
        Delete
      </Button>
    </section>
  );
}

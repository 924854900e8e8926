/**
 * One admin screen of a content table (spec section 2): a header with the
 * 'Add X' button, the rows as a table or as cards, the loading, error and
 * empty states, and the add/edit form in a dialog or in a card above the
 * list. Deletes ask first (the kit's api hook). The list is searched,
 * filtered, sorted and read 50 rows a page, and selected rows can be
 * changed all at once (issue 44, `ListTools`). A form with unsaved changes
 * asks before its dialog closes (`../../unsaved`). `?edit=<id>` in the
 * address opens that row's form (a link to a stored row, e.g. the paper a
 * duplicate DOI belongs to).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Pencil, Plus, Trash2 } from '../../../components/icons';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { cn } from '../../../lib/cn';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import type { FieldValues } from 'react-hook-form';
import { api, errorMessage } from '../../api';
import { notify } from '../../toast';
import { PageHeader } from '../../components/PageHeader';
import { PageSentences, type SentencePage } from '../../components/PageSentences';
import { useDocumentTitle } from '../../useDocumentTitle';
import { confirmDiscard } from '../../unsaved';
import { ANY, useDeleteEntity, useEntityPage, type EntityKind, type ListParams } from './api';
import type { Column } from './columns';
import { EntityForm, type EntityFormSpec, type FormFrame } from './EntityForm';
import { ListToolbar, Pager, SelectionBar, type ListTools } from './ListTools';
import type { RowOf } from './values';

/** What every card needs from a row. */
export type CardRow = { id: string; title: string; featured: boolean; status: string };

/** The rows as a table (one column each, then the actions) or as cards (title, badges, details, actions). */
export type ListLayout<T> =
  | {
      layout: 'table';
      columns: readonly Column<T>[] /** Names the row in its buttons: 'Edit Ada Lovelace'. */;
      rowName: (row: T) => string;
    }
  | { layout: 'cards' /** The lines under a card's title (date, venue, …). */; details: (row: T & CardRow) => ReactNode };

/** The screen's words. */
export type ScreenTexts = {
  /** The page's heading ('Students'). */
  title: string;
  description: string;
  /** Title-case name of one row: 'Add Student', 'Add New Student', 'Edit Student'. */
  itemName: string;
  /** Defaults to 'No <noun>s found. Add your first <noun> to get started.' */
  emptyText?: string;
};

type Props<T extends RowOf<V>, V extends FieldValues, Input> = {
  kind: EntityKind;
  texts: ScreenTexts;
  /** The submit button names the row ('Create Student') rather than just 'Create'. */
  namedSubmit?: boolean;
  list: ListLayout<T>;
  /** 'dialog' (modal, the default) or 'card' (inline above the list; the Add button hides meanwhile). */
  frame?: FormFrame;
  form: EntityFormSpec<T, V, Input>;
  /** After a row is deleted: what goes with it (a publication's uploaded PDF). */
  onDeleted?: (row: T) => void;
  /** More buttons in the header, before Add (the publications' Import BibTeX). */
  headerActions?: ReactNode;
  /** Shown above the search and filters (the publications' imports). */
  beforeList?: ReactNode;
  /** The filters and bulk actions the table has besides search, sorting, paging and delete. */
  tools?: ListTools;
  /** The public page whose fixed sentences are edited below the list. */
  sentences?: SentencePage;
};

export function EntityScreen<T extends { id: string } & RowOf<V>, V extends FieldValues, Input>({
  kind,
  texts: { title, description, itemName, emptyText },
  namedSubmit = false,
  list: layout,
  frame = 'dialog',
  form,
  onDeleted,
  headerActions,
  beforeList,
  tools = {},
  sentences,
}: Props<T, V, Input>) {
  useDocumentTitle(title);
  const plural = `${kind.noun}s`;
  const [params, setParams] = useState<ListParams>(ANY);
  const [selected, setSelected] = useState<string[]>([]);
  const changeParams = useCallback((next: ListParams) => {
    setParams(next);
    setSelected([]);
  }, []);
  const list = useEntityPage<T>(kind, params);
  const rows = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const remove = useDeleteEntity(kind);
  // null: closed; { item: null }: adding; { item }: editing that row.
  const [editing, setEditing] = useState<{ item: T | null } | null>(null);
  const inline = frame === 'card';
  const focus = useFocusReturn(inline && editing !== null);

  const open = (item: T | null) => {
    focus.remember();
    setEditing({ item });
  };
  const close = () => setEditing(null);
  const toggle = (id: string, picked: boolean) =>
    setSelected((current) => (picked ? [...current, id] : current.filter((other) => other !== id)));
  const select = (row: T) => ({ checked: selected.includes(row.id), onChange: (picked: boolean) => toggle(row.id, picked) });
  const deleteRow = async (row: T) => {
    // The row being edited is gone: its form has nothing left to save.
    if (!(await remove.confirmAndDelete(row.id))) return;
    setSelected((current) => current.filter((id) => id !== row.id));
    if (editing?.item?.id === row.id) close();
    onDeleted?.(row);
  };
  const actions = (row: T, name: string) => (
    <RowActions
      name={name}
      worded={layout.layout === 'cards'}
      deleting={remove.isPending && remove.variables === row.id}
      onEdit={() => open(row)}
      onDelete={() => void deleteRow(row)}
    />
  );

  // `?edit=<id>`: the row is read and its form opened (after asking, if another form holds
  // unsaved changes); the parameter is dropped at once, so a reload does not open it again.
  const [search, setSearch] = useSearchParams();
  const editId = search.get('edit');
  const editingId = editing?.item?.id;
  useEffect(() => {
    if (!editId) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('edit');
        return next;
      },
      { replace: true },
    );
    if (editId === editingId || !confirmDiscard()) return;
    api.get<T>(`/api/${kind.path}/${encodeURIComponent(editId)}`).then(
      (item) => setEditing({ item }),
      (error: unknown) => notify.error(error),
    );
  }, [editId, editingId, kind.path, setSearch]);

  const formTitle = editing?.item ? `Edit ${itemName}` : `Add New ${itemName}`;
  const entityForm = editing ? (
    <EntityForm
      // Keyed by row, so switching from one row to another starts from that row's values.
      key={editing.item?.id ?? 'new'}
      kind={kind}
      spec={form}
      item={editing.item}
      frame={frame}
      title={formTitle}
      submitNoun={namedSubmit ? itemName : null}
      onDone={close}
    />
  ) : null;

  let body: ReactNode;
  if (list.isPending) {
    body = (
      <div className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
        <Spinner className="size-5" />
        <p role="status">Loading {plural}...</p>
      </div>
    );
  } else if (list.isError) {
    body = (
      <Alert variant="destructive" title={`Could not load the ${plural}`}>
        {errorMessage(list.error)}{' '}
        <button type="button" className="font-medium underline underline-offset-4" onClick={() => void list.refetch()}>
          Try again
        </button>
      </Alert>
    );
  } else if (rows.length === 0) {
    const filtered = JSON.stringify({ ...params, page: 1 }) !== JSON.stringify(ANY);
    body = (
      <p className="rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center text-muted-foreground">
        {filtered
          ? `No ${plural} match the search and filters.`
          : (emptyText ?? `No ${plural} found. Add your first ${kind.noun} to get started.`)}
      </p>
    );
  } else if (layout.layout === 'table') {
    body = (
      <RowsTable
        label={title}
        rows={rows}
        columns={layout.columns}
        select={(row) => ({ ...select(row), name: layout.rowName(row) })}
        actions={(row) => actions(row, layout.rowName(row))}
      />
    );
  } else {
    body = (
      <ul className="grid gap-4" aria-label={title}>
        {(rows as (T & CardRow)[]).map((row) => (
          <li key={row.id}>
            <RowCard row={row} select={select(row)} details={layout.details(row)} actions={actions(row, row.title)} />
          </li>
        ))}
      </ul>
    );
  }
  const pageIds = rows.map((row) => row.id);

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          inline && editing ? null : (
            <>
              {headerActions}
              {/* A plain <button>: the shared Button takes no ref, and focus comes back here after an inline form. */}
              <button ref={focus.addButton} type="button" className={buttonClassName()} onClick={() => open(null)}>
                <Plus aria-hidden="true" />
                Add {itemName}
              </button>
            </>
          )
        }
      />
      {inline ? entityForm : null}
      {beforeList}
      {list.data ? <ListToolbar tools={tools} params={params} onChange={changeParams} label={`Search ${plural}`} /> : null}
      {selected.length > 0 ? (
        <SelectionBar kind={kind} tools={tools} selected={selected} onDone={() => setSelected([])} onClear={() => setSelected([])} />
      ) : null}
      {rows.length > 0 ? (
        <SelectAll
          count={pageIds.length}
          picked={pageIds.filter((id) => selected.includes(id)).length}
          onChange={(all) => setSelected(all ? pageIds : [])}
        />
      ) : null}
      {body}
      {list.data && total > 0 ? (
        <Pager
          page={params.page}
          total={total}
          onPage={(page) => {
            changeParams({ ...params, page });
            // The next page starts at its top, not where the pager was.
            window.scrollTo({ top: 0 });
          }}
        />
      ) : null}
      {sentences ? <PageSentences page={sentences} /> : null}
      {inline ? null : (
        <Dialog
          open={editing !== null}
          onOpenChange={(isOpen) => {
            // A backdrop click, Escape or the close button: unsaved changes are asked about first.
            if (!isOpen && confirmDiscard()) close();
          }}
          title={formTitle}
        >
          {entityForm}
        </Dialog>
      )}
    </>
  );
}

/**
 * Focus goes back to the button that opened the form once it closes. The
 * Dialog does this itself; this covers the inline card, where the Add button
 * is re-created by then (so it is found through its ref instead).
 */
function useFocusReturn(isOpen: boolean) {
  const addButton = useRef<HTMLButtonElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (isOpen || !wasOpen.current) {
      wasOpen.current = isOpen;
      return;
    }
    wasOpen.current = false;
    if (opener.current?.isConnected) opener.current.focus();
    else addButton.current?.focus();
  }, [isOpen]);
  return {
    addButton,
    remember: () => {
      // A click does not focus a button in every browser (Safari): then focus returns to the Add button.
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
    },
  };
}

/** Edit and delete, named after the row; icons only in a table row, with their words on a card. */
function RowActions({
  name,
  worded,
  deleting,
  onEdit,
  onDelete,
}: {
  name: string;
  worded: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const look = worded ? ({ variant: 'outline', size: 'sm' } as const) : ({ variant: 'ghost', size: 'icon' } as const);
  return (
    <>
      <Button {...look} aria-label={`Edit ${name}`} onClick={onEdit}>
        <Pencil aria-hidden="true" />
        {worded ? 'Edit' : null}
      </Button>
      <Button
        {...look}
        className="text-destructive hover:text-destructive"
        aria-label={`Delete ${name}`}
        disabled={deleting}
        onClick={onDelete}
      >
        {deleting ? <Spinner /> : <Trash2 aria-hidden="true" />}
        {worded ? 'Delete' : null}
      </Button>
    </>
  );
}

/** A row's checkbox: whether it is selected, and the name it is read by ('Select Ada Lovelace'). */
type Selection = { checked: boolean; onChange: (picked: boolean) => void };

function RowCheckbox({ name, checked, onChange }: Selection & { name: string }) {
  return (
    <input
      type="checkbox"
      aria-label={`Select ${name}`}
      className="size-4 shrink-0 accent-primary focus-ring"
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
    />
  );
}

/** Selects every row of the page, or none; half-checked when some are. */
function SelectAll({ count, picked, onChange }: { count: number; picked: number; onChange: (all: boolean) => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = picked > 0 && picked < count;
  }, [picked, count]);
  return (
    <label className="mb-3 flex w-fit items-center gap-2 text-sm font-medium">
      <input
        ref={ref}
        type="checkbox"
        className="size-4 accent-primary focus-ring"
        checked={count > 0 && picked === count}
        onChange={(event) => onChange(event.target.checked)}
      />
      Select all on this page
    </label>
  );
}

/**
 * The actions stay in view at the frame's right edge while a wide table scrolls sideways
 * inside it (a phone): Edit and Delete are never off-screen (issue 44, item 6).
 */
const ACTIONS_COLUMN = 'sticky right-0 text-right shadow-[-1px_0_0_var(--color-border)]';
/** The header's tint (muted at half over the card), opaque so the columns scrolling under it stay hidden. */
const ACTIONS_HEAD = cn(ACTIONS_COLUMN, 'bg-[color-mix(in_srgb,var(--color-muted)_50%,var(--color-card))]');
const ACTIONS_CELL = cn(ACTIONS_COLUMN, 'bg-card whitespace-nowrap');

function RowsTable<T extends { id: string }>({
  label,
  rows,
  columns,
  select,
  actions,
}: {
  label: string;
  rows: readonly T[];
  columns: readonly Column<T>[];
  select: (row: T) => Selection & { name: string };
  actions: (row: T) => ReactNode;
}) {
  return (
    <Table aria-label={label}>
      <TableHeader>
        <TableRow className="hover:bg-transparent">
          <TableHead className="w-10">
            <span className="sr-only">Selected</span>
          </TableHead>
          {columns.map((column) => (
            <TableHead key={column.header} className={column.className}>
              {column.header}
            </TableHead>
          ))}
          <TableHead className={ACTIONS_HEAD}>Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={row.id}>
            <TableCell className="w-10">
              <RowCheckbox {...select(row)} />
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.header} className={column.className}>
                {column.cell(row)}
              </TableCell>
            ))}
            <TableCell className={ACTIONS_CELL}>{actions(row)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function RowCard({ row, select, details, actions }: { row: CardRow; select: Selection; details: ReactNode; actions: ReactNode }) {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:p-6">
      {/* The checkbox beside the title, on its first line, however the title wraps. */}
      <div className="flex min-w-0 flex-1 gap-3">
        <span className="flex h-7 items-center">
          <RowCheckbox name={row.title} {...select} />
        </span>
        <div className="min-w-0 flex-1 space-y-2">
          <div className="flex flex-wrap items-center gap-2">
            <h2 className="min-w-0 text-lg leading-snug font-semibold tracking-tight break-words">{row.title}</h2>
            {row.featured ? <Badge>Featured</Badge> : null}
            {row.status === 'draft' ? <Badge variant="outline">Draft</Badge> : null}
          </div>
          <div className="space-y-1 text-sm text-muted-foreground">{details}</div>
        </div>
      </div>
      <div className="flex shrink-0 gap-2">{actions}</div>
    </Card>
  );
}

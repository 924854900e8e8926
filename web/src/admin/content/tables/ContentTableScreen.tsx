/**
 * The shape shared by the Students, Courses, Talks and Tags screens (spec
 * section 2): a header with an 'Add X' button, a table of every row (drafts
 * included) with edit and delete buttons, one dialog for adding and editing,
 * and the loading, error and empty states. Each screen brings its columns
 * and its form.
 */
import { Pencil, Plus, Trash2 } from '../../../components/icons';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { errorMessage } from '../../api';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../useDocumentTitle';
import { useContentList, useDeleteContent } from '../hooks';
import type { ContentKind } from '../kinds';
import type { ContentFormProps } from './ContentDialogForm';

export type Column<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
};

type Props<T> = {
  kind: ContentKind;
  /** The page's heading ('Students'). */
  title: string;
  description: string;
  /** The button that opens the empty dialog ('Add Student'). */
  addLabel: string;
  dialogTitles: { add: string; edit: string };
  loadingText: string;
  emptyText: string;
  columns: readonly Column<T>[];
  /** Names the row in its buttons' labels ('Edit Ada Lovelace'). */
  rowName: (row: T) => string;
  renderForm: (props: ContentFormProps<T>) => ReactNode;
};

export function ContentTableScreen<T extends { id: string }>({
  kind,
  title,
  description,
  addLabel,
  dialogTitles,
  loadingText,
  emptyText,
  columns,
  rowName,
  renderForm,
}: Props<T>) {
  useDocumentTitle(title);
  const list = useContentList<T>(kind);
  const remove = useDeleteContent(kind);
  // null: closed; { item: null }: adding; { item }: editing that row.
  const [dialog, setDialog] = useState<{ item: T | null } | null>(null);
  const close = () => setDialog(null);

  // The kit's Dialog gives focus back to the button that opened it.
  const openWith = (item: T | null) => () => setDialog({ item });

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button onClick={openWith(null)}>
            <Plus aria-hidden="true" />
            {addLabel}
          </Button>
        }
      />

      {list.isPending ? (
        <div className="flex items-center justify-center gap-3 py-16 text-muted-foreground">
          <Spinner className="size-5" />
          <p role="status">{loadingText}</p>
        </div>
      ) : list.isError ? (
        <Alert variant="destructive" title={`Could not load ${title.toLowerCase()}`}>
          {errorMessage(list.error)}{' '}
          <button type="button" className="font-medium underline underline-offset-4" onClick={() => void list.refetch()}>
            Try again
          </button>
        </Alert>
      ) : list.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center text-muted-foreground">{emptyText}</p>
      ) : (
        <Table>
          <TableHeader>
            <TableRow className="hover:bg-transparent">
              {columns.map((column) => (
                <TableHead key={column.header} className={column.className}>
                  {column.header}
                </TableHead>
              ))}
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {list.data.map((row) => {
              const name = rowName(row);
              const deleting = remove.isPending && remove.variables === row.id;
              return (
                <TableRow key={row.id}>
                  {columns.map((column) => (
                    <TableCell key={column.header} className={column.className}>
                      {column.cell(row)}
                    </TableCell>
                  ))}
                  <TableCell className="text-right whitespace-nowrap">
                    <Button variant="ghost" size="icon" aria-label={`Edit ${name}`} onClick={openWith(row)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      className="text-destructive hover:text-destructive"
                      aria-label={`Delete ${name}`}
                      disabled={deleting}
                      onClick={() => void remove.confirmAndDelete(row.id)}
                    >
                      {deleting ? <Spinner /> : <Trash2 aria-hidden="true" />}
                    </Button>
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}

      <Dialog
        open={dialog !== null}
        onOpenChange={(open) => {
          if (!open) close();
        }}
        title={dialog?.item ? dialogTitles.edit : dialogTitles.add}
      >
        {/* The dialog's content unmounts when it closes, so each opening starts a new form (defaults or the row's values). */}
        {dialog ? renderForm({ item: dialog.item, onSaved: close, onCancel: close }) : null}
      </Dialog>
    </>
  );
}

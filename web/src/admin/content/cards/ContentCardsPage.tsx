/**
 * The shape shared by the News, Publications, Research Areas and Projects
 * screens (spec section 2): a list of cards, an 'Add …' button opening the
 * create dialog, and an edit dialog that opens when an item is chosen. Each
 * dialog closes after a successful save; deletes ask first (the kit's hook).
 */
import { Pencil, Plus, Trash2 } from '../../../components/icons';
import { useState, type ReactNode } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Dialog } from '../../../components/ui/dialog';
import { PageSpinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../api';
import { PageHeader } from '../../components/PageHeader';
import { useDocumentTitle } from '../../useDocumentTitle';
import { useContentList, useDeleteContent } from '../hooks';
import type { ContentKind } from '../kinds';

/** What every card needs from a row of these four tables. */
export type CardItem = { id: string; title: string; featured: boolean; status: string };

/** What the page hands its form: the row being edited (null: creating) and how to close. */
export type ContentFormProps<T> = {
  item: T | null;
  /** Called after a successful save: closes the dialog. */
  onSaved: () => void;
  onCancel: () => void;
};

/** The dialog is closed, creating, or editing one row. */
type Editing<T> = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; item: T };

export function ContentCardsPage<T extends CardItem>({
  kind,
  title,
  description,
  itemName,
  plural,
  details,
  Form,
}: {
  kind: ContentKind;
  /** The page's heading, e.g. 'News'. */
  title: string;
  description: string;
  /** Title-case name of one row: 'Add News Item', 'Add New News Item', 'Edit News Item'. */
  itemName: string;
  /** Lower-case plural: 'Loading news items...', 'No news items found. …'. */
  plural: string;
  /** The lines under a card's title (date, venue, …). */
  details: (item: T) => ReactNode;
  Form: (props: ContentFormProps<T>) => ReactNode;
}) {
  useDocumentTitle(title);
  const list = useContentList<T>(kind);
  const remove = useDeleteContent(kind);
  const [editing, setEditing] = useState<Editing<T>>({ mode: 'closed' });
  const close = () => setEditing({ mode: 'closed' });

  // The kit's Dialog gives focus back to the button that opened it.
  const open = (next: Editing<T>) => setEditing(next);

  let body: ReactNode;
  if (list.isPending) {
    body = <PageSpinner label={`Loading ${plural}...`} />;
  } else if (list.isError) {
    body = (
      <Alert variant="destructive" title={`Could not load the ${plural}`}>
        {errorMessage(list.error)}{' '}
        <button type="button" className="font-medium underline underline-offset-4" onClick={() => void list.refetch()}>
          Try again
        </button>
      </Alert>
    );
  } else if (list.data.length === 0) {
    body = (
      <p className="rounded-xl border border-dashed border-border bg-card px-6 py-12 text-center text-muted-foreground">
        No {plural} found. Add your first {kind.noun} to get started.
      </p>
    );
  } else {
    body = (
      <ul className="grid gap-4" aria-label={title}>
        {list.data.map((item) => (
          <li key={item.id}>
            <ItemCard
              item={item}
              details={details(item)}
              deleting={remove.isPending && remove.variables === item.id}
              onEdit={() => open({ mode: 'edit', item })}
              onDelete={() => void remove.confirmAndDelete(item.id)}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={
          <Button onClick={() => open({ mode: 'create' })}>
            <Plus aria-hidden="true" />
            Add {itemName}
          </Button>
        }
      />
      {body}
      <Dialog
        open={editing.mode !== 'closed'}
        onOpenChange={(isOpen) => {
          if (!isOpen) close();
        }}
        title={editing.mode === 'edit' ? `Edit ${itemName}` : `Add New ${itemName}`}
      >
        {editing.mode === 'closed' ? null : (
          // Keyed by row, so switching from one row to another starts from that row's values.
          <Form key={editing.mode === 'edit' ? editing.item.id : 'new'} item={editing.mode === 'edit' ? editing.item : null} onSaved={close} onCancel={close} />
        )}
      </Dialog>
    </>
  );
}

function ItemCard<T extends CardItem>({
  item,
  details,
  deleting,
  onEdit,
  onDelete,
}: {
  item: T;
  details: ReactNode;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  return (
    <Card className="flex flex-col gap-4 p-5 sm:flex-row sm:items-start sm:p-6">
      <div className="min-w-0 flex-1 space-y-2">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="min-w-0 text-lg leading-snug font-semibold tracking-tight break-words">{item.title}</h2>
          {item.featured ? <Badge>Featured</Badge> : null}
          {item.status === 'draft' ? <Badge variant="outline">Draft</Badge> : null}
        </div>
        <div className="space-y-1 text-sm text-muted-foreground">{details}</div>
      </div>
      <div className="flex shrink-0 gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${item.title}`}>
          <Pencil aria-hidden="true" />
          Edit
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="text-destructive hover:text-destructive"
          onClick={onDelete}
          disabled={deleting}
          aria-label={`Delete ${item.title}`}
        >
          <Trash2 aria-hidden="true" />
          Delete
        </Button>
      </div>
    </Card>
  );
}

/**
 * /admin/open-calls (spec section 2): 'Add Open Call' opens the form as an
 * inline card above the table (the button is hidden meanwhile); Edit opens
 * the same card prefilled. The table lists every call, drafts included.
 */
import { Pencil, Plus, Trash2 } from '../../../components/icons';
import { useEffect, useRef, useState } from 'react';
import type { OpenCall } from '../../../api/types';
import { Alert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../../../components/ui/table';
import { errorMessage } from '../../api';
import { PageHeader } from '../../components/PageHeader';
import { useContentList, useDeleteContent } from '../../content/hooks';
import { KINDS } from '../../content/kinds';
import { OpenCallForm } from '../../content/open-calls/OpenCallForm';
import { deadlineLabel } from '../../content/open-calls/form';
import { useDocumentTitle } from '../../useDocumentTitle';

/** The form card's state: closed, or open for a new call (null) or for the call being edited. */
type FormState = { call: OpenCall | null } | null;

export function OpenCallsPage() {
  useDocumentTitle('Open Calls');
  const calls = useContentList<OpenCall>(KINDS.openCalls);
  const remove = useDeleteContent(KINDS.openCalls);
  const [form, setForm] = useState<FormState>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  // The button that last opened the form gets focus back when it closes (the Add button is
  // re-created by then, so it is found through its ref instead).
  const opener = useRef<HTMLElement | null>(null);
  const restoreFocus = useRef(false);

  useEffect(() => {
    if (form !== null || !restoreFocus.current) return;
    restoreFocus.current = false;
    if (opener.current?.isConnected) opener.current.focus();
    else addButtonRef.current?.focus();
  }, [form]);

  const openForm = (call: OpenCall | null) => {
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setForm({ call });
  };
  const closeForm = () => {
    restoreFocus.current = true;
    setForm(null);
  };
  const deleteCall = async (call: OpenCall) => {
    if (!(await remove.confirmAndDelete(call.id))) return;
    // The call being edited is gone: its form has nothing left to save.
    if (form?.call?.id === call.id) closeForm();
  };

  return (
    <>
      <PageHeader
        title="Open Calls"
        description="Funding opportunities and collaboration calls shown on the public Open Calls page."
        actions={
          form === null ? (
            // A plain <button>: the shared Button takes no ref, and focus comes back here.
            <button ref={addButtonRef} type="button" className={buttonClassName()} onClick={() => openForm(null)}>
              <Plus aria-hidden="true" />
              Add Open Call
            </button>
          ) : null
        }
      />

      {form !== null ? <OpenCallForm key={form.call?.id ?? 'new'} call={form.call} onDone={closeForm} /> : null}

      {calls.isPending ? (
        <p className="flex items-center gap-2 py-8 text-muted-foreground" role="status">
          <Spinner />
          Loading open calls...
        </p>
      ) : calls.isError ? (
        <Alert variant="destructive" title="Could not load the open calls">
          {errorMessage(calls.error)}{' '}
          <button type="button" className="font-medium underline underline-offset-4" onClick={() => void calls.refetch()}>
            Try again
          </button>
        </Alert>
      ) : calls.data.length === 0 ? (
        <p className="rounded-xl border border-dashed border-border px-4 py-12 text-center text-muted-foreground">
          No open calls found. Create your first open call above.
        </p>
      ) : (
        <Table aria-label="Open calls">
          <TableHeader>
            <TableRow>
              <TableHead>Title</TableHead>
              <TableHead>Funding Agency</TableHead>
              <TableHead>Deadline</TableHead>
              <TableHead>Status</TableHead>
              <TableHead>Featured</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {calls.data.map((call) => (
              <TableRow key={call.id}>
                <TableCell className="min-w-48 font-medium">{call.title}</TableCell>
                <TableCell className={call.funding_agency ? undefined : 'text-muted-foreground'}>
                  {call.funding_agency || 'Not specified'}
                </TableCell>
                <TableCell className={call.deadline ? 'whitespace-nowrap' : 'whitespace-nowrap text-muted-foreground'}>
                  {call.deadline ? <time dateTime={call.deadline}>{deadlineLabel(call.deadline)}</time> : deadlineLabel(null)}
                </TableCell>
                <TableCell>
                  <Badge variant={call.status === 'published' ? 'default' : 'outline'} className="capitalize">
                    {call.status}
                  </Badge>
                </TableCell>
                <TableCell>{call.featured ? <Badge variant="secondary">Featured</Badge> : null}</TableCell>
                <TableCell>
                  <div className="flex justify-end gap-1">
                    <Button variant="ghost" size="icon" aria-label={`Edit ${call.title}`} onClick={() => openForm(call)}>
                      <Pencil aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="icon"
                      aria-label={`Delete ${call.title}`}
                      disabled={remove.isPending && remove.variables === call.id}
                      onClick={() => void deleteCall(call)}
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </>
  );
}

/**
 * "Import from ORCID" on /admin/publications: the works of the ORCID iD set in
 * the settings, previewed as the BibTeX import does (new, duplicate, invalid
 * with its reason; works filled from their DOI where an agency knows it), then
 * the chosen ones imported. The dashboard's "N new works in your ORCID record:
 * review" opens it (`?import=orcid`).
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { GivenYear, ImportOutcome, ImportPreview, OrcidImportRequest } from '../../../api/types';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { api, errorMessage } from '../../api';
import { notify } from '../../toast';
import { entityQueryKey } from '../kit';
import { type Choice, PreviewChoices } from './ImportBibtex';
import { publicationKind } from './schema';

/** Whether the page was opened to review the ORCID works (`?import=orcid`). */
function askedToReview(): boolean {
  return new URLSearchParams(window.location.search).get('import') === 'orcid';
}

export function ImportOrcidButton() {
  const [open, setOpen] = useState(askedToReview);
  const close = (next: boolean) => {
    setOpen(next);
    // Closed: a reload does not open it again.
    if (!next && askedToReview()) window.history.replaceState(window.history.state, '', window.location.pathname);
  };
  return (
    <>
      <button type="button" className={buttonClassName('outline')} onClick={() => setOpen(true)}>
        Import from ORCID
      </button>
      <Dialog open={open} onOpenChange={close} title="Import from ORCID" className="sm:max-w-4xl">
        {open ? <ImportOrcid onDone={() => close(false)} /> : null}
      </Dialog>
    </>
  );
}

function ImportOrcid({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(true);

  useEffect(() => {
    let current = true;
    api
      .post<ImportPreview>('/api/scholarly/orcid/preview', {})
      .then((result) => current && setPreview(result))
      .catch((e) => current && setError(errorMessage(e)))
      .finally(() => current && setPending(false));
    return () => {
      current = false;
    };
  }, []);

  const runImport = async (pick: (choice: Choice) => number[], years: GivenYear[]) => {
    setPending(true);
    setError(null);
    try {
      const request: OrcidImportRequest = { orcid_id: null, import: pick('import'), years };
      const outcome = await api.post<ImportOutcome>('/api/scholarly/orcid/import', request);
      await queryClient.invalidateQueries({ queryKey: entityQueryKey(publicationKind) });
      notify.success(outcome.message);
      onDone();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  if (!preview) {
    return (
      <div className="grid gap-4">
        {pending ? (
          <p role="status" className="flex items-center gap-2 text-sm">
            <Spinner className="size-4" /> Reading your ORCID record and looking its DOIs up…
          </p>
        ) : null}
        {error ? (
          <Alert variant="destructive" title="Cannot read the ORCID record">
            {error}
          </Alert>
        ) : null}
        <div className="flex justify-end">
          <Button variant="outline" onClick={onDone}>
            Close
          </Button>
        </div>
      </div>
    );
  }
  return (
    <PreviewChoices
      result={preview}
      caption="Works of the ORCID record"
      pending={pending}
      error={error}
      giveYears
      onBack={onDone}
      onImport={(pick, years) => void runImport(pick, years)}
    />
  );
}

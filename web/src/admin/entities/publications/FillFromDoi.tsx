/**
 * The publication form's "Fill from DOI": the owner pastes a DOI (bare, `doi:`
 * or a doi.org link), the server looks it up (Crossref, else DOI content
 * negotiation) and the form is filled for the owner to check before saving.
 * A DOI that a stored paper has already is said so, as in the BibTeX import.
 */
import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { DoiLookup, DoiLookupRequest } from '../../../api/types';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { api, errorMessage } from '../../api';
import { slugDeriver } from '../kit/fields';
import type { PublicationValues } from './schema';

export const lookupDoi = (request: DoiLookupRequest) => api.post<DoiLookup>('/api/scholarly/doi-lookup', request);

/** The looked-up record as the form's values (only the fields a lookup knows). */
export function filledValues(found: DoiLookup): Partial<PublicationValues> {
  const p = found.record.publication;
  return {
    title: p.title,
    authors: p.authors.length ? p.authors : [''],
    kind: p.kind,
    venue: p.venue,
    year: p.year ? String(p.year) : '',
    month: p.month ? String(p.month) : '',
    abstract: p.abstract ?? '',
    url: p.url ?? '',
    doi: p.doi ?? '',
    pages: p.pages ?? '',
    volume: p.volume ?? '',
    issue: p.issue ?? '',
    publisher: p.publisher ?? '',
    bibtex: found.record.bibtex ?? '',
  };
}

export function FillFromDoi({ form }: { form: UseFormReturn<PublicationValues> }) {
  const [doi, setDoi] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [note, setNote] = useState<string | undefined>();

  async function fill() {
    setBusy(true);
    setError(undefined);
    setNote(undefined);
    try {
      const found = await lookupDoi({ doi });
      const previousTitle = form.getValues('title');
      for (const [name, value] of Object.entries(filledValues(found))) {
        form.setValue(name as keyof PublicationValues, value as never, { shouldDirty: true, shouldValidate: true });
      }
      // The slug follows the new title as it follows the owner's typing (until the owner edits it).
      slugDeriver(form, 'until-edited')(form.getValues('title'), previousTitle);
      const duplicate = found.duplicate_of ? ` A stored paper has this DOI already: "${found.duplicate_of.title}".` : '';
      setNote(`Filled from ${found.record.source}: check the fields, then save.${duplicate}`);
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="grid gap-2 sm:col-span-2">
      <FormField
        label="Fill from DOI"
        hint="A DOI, doi:… or a doi.org link: the fields below are filled in for you to check."
        error={error}
      >
        {(control) => (
          <div className="flex gap-2">
            <Input
              {...control}
              value={doi}
              placeholder="10.1145/3448016.3452841"
              onChange={(event) => setDoi(event.target.value)}
              onKeyDown={(event) => {
                // Enter looks the DOI up rather than submitting the whole form.
                if (event.key === 'Enter') {
                  event.preventDefault();
                  if (doi.trim()) void fill();
                }
              }}
            />
            <Button variant="outline" disabled={busy || !doi.trim()} onClick={() => void fill()}>
              {busy ? 'Looking up…' : 'Fill'}
            </Button>
          </div>
        )}
      </FormField>
      {note && (
        <p role="status" className="text-sm text-muted-foreground">
          {note}
        </p>
      )}
    </div>
  );
}

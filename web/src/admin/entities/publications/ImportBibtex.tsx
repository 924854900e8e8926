/**
 * "Import BibTeX" on /admin/publications: paste a .bib or choose a file, see
 * per entry what the import would do (new, duplicate, invalid with its line
 * and reason), choose, import. The server decides everything (parsing,
 * duplicates) and re-checks the choices; this screen only shows and asks.
 * The preview table shows 50 entries a page, so a 1,000-entry file stays
 * responsive.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { GivenYear, ImportOutcome, ImportPreview, PreviewEntry } from '../../../api/types';
import { Upload } from '../../../components/icons';
import { Alert } from '../../../components/ui/alert';
import { Badge, type BadgeVariant } from '../../../components/ui/badge';
import { Button, buttonClassName } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { api, errorMessage } from '../../api';
import { notify } from '../../toast';
import { entityQueryKey } from '../kit';
import { DropZone } from '../kit/DropZone';
import { publicationKind } from './schema';

/** The server's limit, checked here first so a large file is not sent for nothing. */
const MAX_BYTES = 5 * 1024 * 1024;
const PAGE_SIZE = 50;

/** What the owner chose for one entry. */
export type Choice = 'import' | 'update' | 'skip';

/** The default: new entries are imported, duplicates and invalid entries skipped. */
function defaultChoice(entry: PreviewEntry): Choice {
  return entry.status === 'new' ? 'import' : 'skip';
}

/** The choices an entry offers: a duplicate of a stored paper can update it, one of an earlier entry of the file can be kept anyway. */
function choicesFor(entry: PreviewEntry): { value: Choice; label: string }[] {
  if (entry.status === 'invalid') return [];
  if (entry.status === 'new')
    return [
      { value: 'import', label: 'Import' },
      { value: 'skip', label: 'Skip' },
    ];
  if (entry.duplicate_of?.id)
    return [
      { value: 'skip', label: 'Skip' },
      { value: 'update', label: 'Update the stored paper' },
    ];
  return [
    { value: 'skip', label: 'Skip' },
    { value: 'import', label: 'Import anyway' },
  ];
}

const STATUS: Record<PreviewEntry['status'], { label: string; variant: BadgeVariant }> = {
  new: { label: 'New', variant: 'default' },
  duplicate: { label: 'Duplicate', variant: 'secondary' },
  invalid: { label: 'Invalid', variant: 'destructive' },
};

export function ImportBibtexButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={buttonClassName('outline')} onClick={() => setOpen(true)}>
        <Upload aria-hidden="true" />
        Import BibTeX
      </button>
      <Dialog open={open} onOpenChange={setOpen} title="Import BibTeX" className="sm:max-w-4xl">
        {open ? <ImportBibtex onDone={() => setOpen(false)} /> : null}
      </Dialog>
    </>
  );
}

function ImportBibtex({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  // The chosen file's name, which the import's record shows (pasted text has none).
  const [fileName, setFileName] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [preview, setPreview] = useState<{ text: string; result: ImportPreview } | null>(null);

  /** One request at a time: the buttons wait, and a failure is shown above them. */
  const request = async (send: () => Promise<void>) => {
    setPending(true);
    setError(null);
    try {
      await send();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setPending(false);
    }
  };

  const chooseFile = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_BYTES) {
      setError('The BibTeX file is too large: at most 5 MB');
      return;
    }
    setError(null);
    setText(await file.text());
    setFileName(file.name);
  };

  const runPreview = async () => {
    if (text.trim() === '') {
      setError('Paste BibTeX or choose a .bib file');
      return;
    }
    await request(async () => {
      const result = await api.post<ImportPreview>('/api/publications/import/preview', undefined, { text });
      setPreview({ text, result });
    });
  };

  const runImport = async (pick: (choice: Choice) => number[]) => {
    if (!preview) return;
    await request(async () => {
      const outcome = await api.post<ImportOutcome>('/api/publications/import', {
        bibtex: preview.text,
        import: pick('import'),
        update: pick('update'),
        file_name: fileName,
      });
      await queryClient.invalidateQueries({ queryKey: entityQueryKey(publicationKind) });
      notify.success(outcome.message);
      onDone();
    });
  };

  if (!preview) {
    return (
      <form
        className="grid gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void runPreview();
        }}
      >
        <div className="grid gap-2">
          <label htmlFor="bibtex-text" className="text-sm font-medium">
            BibTeX
          </label>
          <textarea
            id="bibtex-text"
            className="min-h-48 rounded-md border border-input bg-background p-3 font-mono text-sm focus-ring"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              // Emptied, the box no longer holds the chosen file.
              if (event.target.value.trim() === '') setFileName(undefined);
            }}
            placeholder="@article{key, title = {…}, author = {…}, year = {…}}"
            aria-describedby="bibtex-hint"
          />
          <p id="bibtex-hint" className="text-sm text-muted-foreground">
            Paste entries exported from Google Scholar, DBLP, Zotero or JabRef, or choose a .bib file (at most 5 MB).
          </p>
        </div>
        <fieldset aria-labelledby="bibtex-file" className="grid gap-2">
          <legend id="bibtex-file" className="mb-2 text-sm font-medium">
            .bib file
          </legend>
          <DropZone
            testId="bibtex-dropzone"
            accept=".bib,text/plain,application/x-bibtex"
            hint="A .bib file of at most 5 MB: its text goes in the box above."
            busy={pending}
            onFile={(file) => void chooseFile(file)}
          />
        </fieldset>
        {error ? (
          <Alert variant="destructive" title="Cannot preview the import">
            {error}
          </Alert>
        ) : null}
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            {pending ? <Spinner className="size-4" /> : null}
            Preview
          </Button>
        </div>
      </form>
    );
  }

  return (
    <PreviewChoices
      result={preview.result}
      caption="Entries of the BibTeX file"
      pending={pending}
      error={error}
      onBack={() => setPreview(null)}
      onImport={(pick) => void runImport(pick)}
    />
  );
}

/** A year as the store takes it: four digits. */
function yearOf(text: string | undefined): number | null {
  const year = Number(text?.trim());
  return text && /^\d{4}$/.test(text.trim()) && year >= 1000 ? year : null;
}

/**
 * A preview's entries, 50 a page, each with its status and the owner's choice
 * (new ones imported by default), then Back and Import: shared by the BibTeX
 * and the ORCID import. With `giveYears` (ORCID), a work without a year gets a
 * Year field: once filled, it is imported with that year.
 */
export function PreviewChoices({
  result,
  caption,
  pending,
  error,
  giveYears = false,
  onBack,
  onImport,
}: {
  result: ImportPreview;
  caption: string;
  pending: boolean;
  error: string | null;
  giveYears?: boolean;
  onBack: () => void;
  onImport: (pick: (choice: Choice) => number[], years: GivenYear[]) => void;
}) {
  const [choices, setChoices] = useState<Choice[]>(() => result.entries.map(defaultChoice));
  const [years, setYears] = useState<Record<number, string>>({});
  const [page, setPage] = useState(0);
  const { entries, new: fresh, duplicates, invalid } = result;
  const given: GivenYear[] = entries.flatMap((entry) => {
    const year = giveYears && entry.needs_year ? yearOf(years[entry.index]) : null;
    return year === null ? [] : [{ index: entry.index, year }];
  });
  const pick = (choice: Choice) => {
    const chosen = entries.filter((_, i) => choices[i] === choice).map((entry) => entry.index);
    return choice === 'import' ? [...chosen, ...given.map((g) => g.index)] : chosen;
  };
  const pages = Math.max(1, Math.ceil(entries.length / PAGE_SIZE));
  const shown = entries.slice(page * PAGE_SIZE, (page + 1) * PAGE_SIZE);
  const chosen = choices.filter((choice) => choice !== 'skip').length + given.length;
  return (
    <div className="grid gap-4">
      <p role="status" className="text-sm">
        {entries.length} entries: {fresh} new, {duplicates} {duplicates === 1 ? 'duplicate' : 'duplicates'}, {invalid} invalid.
      </p>
      <div className="max-h-[55vh] overflow-auto rounded-md border border-border">
        <table className="w-full text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="sticky top-0 bg-muted text-left">
            <tr>
              <th scope="col" className="p-2">
                Line
              </th>
              <th scope="col" className="p-2">
                Entry
              </th>
              <th scope="col" className="p-2">
                Status
              </th>
              <th scope="col" className="p-2">
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {shown.map((entry) => (
              <EntryRow
                key={entry.index}
                entry={entry}
                choice={choices[entry.index] ?? 'skip'}
                onChoose={(choice) => setChoices((all) => all.map((c, i) => (i === entry.index ? choice : c)))}
                year={giveYears && entry.needs_year ? (years[entry.index] ?? '') : null}
                onYear={(year) => setYears((all) => ({ ...all, [entry.index]: year }))}
              />
            ))}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav aria-label="Preview pages" className="flex items-center justify-between gap-2 text-sm">
          <Button variant="outline" size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Previous
          </Button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Next
          </Button>
        </nav>
      ) : null}
      {error ? (
        <Alert variant="destructive" title="The import failed">
          {error}
        </Alert>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button variant="outline" onClick={onBack}>
          Back
        </Button>
        <Button disabled={pending || chosen === 0} onClick={() => onImport(pick, given)}>
          {pending ? <Spinner className="size-4" /> : null}
          Import {chosen} {chosen === 1 ? 'entry' : 'entries'}
        </Button>
      </div>
    </div>
  );
}

function EntryRow({
  entry,
  choice,
  onChoose,
  year,
  onYear,
}: {
  entry: PreviewEntry;
  choice: Choice;
  onChoose: (choice: Choice) => void;
  /** The year typed for a work without one (`null`: the entry takes none). */
  year: string | null;
  onYear: (year: string) => void;
}) {
  const p = entry.publication;
  const options = choicesFor(entry);
  const yearId = useId();
  const name = p?.title ?? entry.key ?? `Entry at line ${entry.line}`;
  return (
    <tr className="border-t border-border align-top">
      <td className="p-2 tabular-nums">{entry.line}</td>
      <td className="p-2">
        <p className="font-medium">{name}</p>
        {p ? <p className="text-muted-foreground">{[p.authors.join(', '), p.venue, p.year].filter(Boolean).join(' · ')}</p> : null}
        {entry.reason ? <p className="text-destructive">{entry.reason}</p> : null}
        {entry.duplicate_of ? (
          <p className="text-muted-foreground">
            {entry.duplicate_of.id ? 'Already stored: ' : `Same as the entry at line ${entry.duplicate_of.line}: `}
            {entry.duplicate_of.title}
          </p>
        ) : null}
        {entry.note ? <p className="text-muted-foreground">{entry.note}</p> : null}
      </td>
      <td className="p-2">
        <div className="flex flex-wrap gap-1">
          <Badge variant={STATUS[entry.status].variant}>{STATUS[entry.status].label}</Badge>
          {p?.featured ? (
            <Badge variant="outline" title="Marked selected in the file: shown on the home page">
              Featured
            </Badge>
          ) : null}
        </div>
      </td>
      <td className="p-2">
        {year !== null ? (
          <div className="grid gap-1">
            <label htmlFor={yearId} className="text-muted-foreground">
              Year (to import it)
            </label>
            <Input
              id={yearId}
              className="w-24"
              inputMode="numeric"
              maxLength={4}
              placeholder="e.g. 2019"
              aria-label={`Year of ${name} (line ${entry.line})`}
              aria-invalid={year !== '' && yearOf(year) === null}
              value={year}
              onChange={(event) => onYear(event.target.value)}
            />
          </div>
        ) : options.length > 0 ? (
          <Select
            className="w-auto min-w-36"
            aria-label={`Action for ${name} (line ${entry.line})`}
            value={choice}
            options={options}
            onChange={(event) => onChoose(event.target.value as Choice)}
          />
        ) : (
          <span className="text-muted-foreground">Skipped</span>
        )}
      </td>
    </tr>
  );
}

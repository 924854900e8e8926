/** /admin/publications: publications as cards, created and edited in a dialog. */
import { Link } from 'react-router';
import type { Existing, Publication, PublicationInput } from '../../../api/types';
import { EntityScreen, optionsOf, type EntityFormSpec } from '../kit';
import { PublishFields, TitleSlugFields } from '../kit/common-fields';
import { FillFromDoi } from './FillFromDoi';
import { ImportBibtexButton } from './ImportBibtex';
import { ImportOrcidButton } from './ImportOrcid';
import { ImportsPanel, sourceOptions, useImports } from './Imports';
import { PaperPdfField, removePaperPdf } from './PaperPdfField';
import { KIND_LABELS, publicationForm, publicationKind, type PublicationValues } from './schema';
import { TagPickerField, useTagOptions } from '../tags/TagPicker';

const form: EntityFormSpec<Publication, PublicationValues, PublicationInput> = {
  ...publicationForm,
  fields: ({ form, Field, item, conflict }) => (
    <>
      {!item && <FillFromDoi form={form} />}
      <TitleSlugFields form={form} rule="until-edited" hint="Used in the page address; filled in from the title." />
      <Field.List name="authors" label="Authors" itemLabel="Author" wide />
      <Field.Select name="kind" label="Type" options={optionsOf(KIND_LABELS)} />
      <Field.Text name="venue" label="Venue" placeholder="Journal or conference" />
      <Field.Text name="year" label="Year" type="number" inputMode="numeric" />
      <Field.Text name="month" label="Month" type="number" inputMode="numeric" placeholder="1–12, if known" />
      <Field.TextArea name="abstract" label="Abstract" wide />
      <Field.Text name="pdf_url" label="PDF URL" type="url" inputMode="url" />
      <PaperPdfField form={form} item={item} />
      <Field.Text name="url" label="URL" type="url" inputMode="url" />
      <Field.Text name="doi" label="DOI" placeholder="e.g. 10.1000/xyz123" wide />
      {conflict && form.formState.errors.doi ? <OpenStored paper={conflict} /> : null}
      <Field.Text name="pages" label="Pages" placeholder="e.g. 1-12" />
      <Field.Text name="volume" label="Volume" />
      <Field.Text name="issue" label="Issue" />
      <Field.Text name="publisher" label="Publisher" />
      <Field.TextArea name="bibtex" label="BibTeX" monospace wide />
      <TagPickerField />
      <PublishFields />
    </>
  ),
};

/** Under the DOI's message that a stored paper has it: a link to that paper's form. */
function OpenStored({ paper }: { paper: Existing }) {
  return (
    <p className="-mt-2 text-sm sm:col-span-2">
      <Link to={`/admin/publications?edit=${encodeURIComponent(paper.id)}`} className="font-medium underline underline-offset-4 focus-ring">
        Open it
      </Link>
    </p>
  );
}

const TEXTS = { title: 'Publications', itemName: 'Publication', description: 'Add, edit and feature papers, with authors, venue and DOI.' };

/** Under a card's title: where and when, and by whom. */
function details(item: Publication) {
  return (
    <>
      {/* An imported paper may have no venue (issue 27), year or authors (issue 41): the form asks for them when it is edited. */}
      <p>{[item.venue, item.year ?? 'No year'].filter(Boolean).join(' · ')}</p>
      <p>{item.authors.length > 0 ? item.authors.join(', ') : 'No authors'}</p>
    </>
  );
}

const SORTS = [
  { value: '-year', label: 'Newest first' },
  { value: 'year', label: 'Oldest first' },
  { value: 'title', label: 'Title (A–Z)' },
];

export default function PublicationsScreen() {
  const tags = useTagOptions();
  const imports = useImports();
  return (
    <EntityScreen
      sentences="publications"
      tools={{
        publishable: true,
        kinds: optionsOf(KIND_LABELS),
        year: true,
        tags,
        sources: imports.data ? sourceOptions(imports.data) : undefined,
        sorts: SORTS,
        searchHint: 'Search by title, author or venue',
      }}
      kind={publicationKind}
      texts={TEXTS}
      list={{ layout: 'cards', details }}
      form={form}
      onDeleted={(row) => removePaperPdf(row.pdf_file)}
      beforeList={<ImportsPanel />}
      headerActions={
        <>
          <ImportOrcidButton />
          <ImportBibtexButton />
        </>
      }
    />
  );
}

/** Publications (spec sections 4, 5): the form's rules, its defaults and the request it sends. */
import { z } from 'zod';
import {
  CONTENT_STATUSES,
  DEFAULT_CONTENT_STATUS,
  DEFAULT_PUBLICATION_KIND,
  DOI_PATTERN,
  DOI_RULE,
  MONTH,
  PUBLICATION_KINDS,
} from '../../../api/rules';
import type { PublicationInput, PublicationKind } from '../../../api/types';
import {
  blankValues,
  currentYear,
  entityKind,
  integerText,
  longText,
  nonEmptyEntries,
  oneOf,
  optionalLine,
  optionalInteger,
  optionalText,
  optionalUrl,
  requiredText,
  slugRule,
  yearText,
} from '../kit';

export const publicationKind = entityKind({ path: 'publications', label: 'Publication', noun: 'publication' });

/** How each kind reads in the form's select. */
export const KIND_LABELS: Record<PublicationKind, string> = {
  'journal-article': 'Journal article',
  'conference-paper': 'Conference paper',
  preprint: 'Preprint',
  book: 'Book',
  'book-chapter': 'Book chapter',
  thesis: 'Thesis',
  report: 'Report',
  other: 'Other',
};

export const publicationSchema = z.object({
  title: requiredText('Title'),
  slug: slugRule,
  // Every row shown must be filled in; a row too many is removed with its button.
  authors: z.array(requiredText('Author')),
  kind: oneOf(PUBLICATION_KINDS),
  venue: requiredText('Venue'),
  year: yearText('Year', { required: true }),
  month: integerText('Month', MONTH),
  abstract: longText('Abstract'),
  pdf_url: optionalUrl('PDF URL'),
  // The uploaded PDF's stored name, set by the upload field (never typed).
  pdf_file: optionalLine('Paper PDF'),
  url: optionalUrl('URL'),
  // Blank, or a DOI as the server takes it (bare, doi: or a doi.org link); stored bare and lower case.
  doi: optionalLine('DOI').refine((value) => value === '' || DOI_PATTERN.test(value), DOI_RULE),
  pages: optionalLine('Pages'),
  volume: optionalLine('Volume'),
  issue: optionalLine('Issue'),
  publisher: optionalLine('Publisher'),
  bibtex: longText('BibTeX'),
  featured: z.boolean(),
  status: oneOf(CONTENT_STATUSES),
  tag_ids: z.array(z.string()),
});
export type PublicationValues = z.infer<typeof publicationSchema>;

/** A new publication: one empty author row, this year, published. */
export function publicationDefaults(now = new Date()): PublicationValues {
  return blankValues(publicationSchema, {
    kind: DEFAULT_PUBLICATION_KIND,
    year: String(currentYear(now)),
    status: DEFAULT_CONTENT_STATUS,
  });
}

export function publicationInput(values: PublicationValues): PublicationInput {
  return {
    title: values.title,
    slug: optionalText(values.slug),
    authors: nonEmptyEntries(values.authors),
    kind: values.kind,
    venue: values.venue,
    year: Number.parseInt(values.year, 10),
    month: optionalInteger(values.month),
    abstract: optionalText(values.abstract),
    pdf_url: optionalText(values.pdf_url),
    pdf_file: optionalText(values.pdf_file),
    url: optionalText(values.url),
    doi: optionalText(values.doi),
    pages: optionalText(values.pages),
    volume: optionalText(values.volume),
    issue: optionalText(values.issue),
    publisher: optionalText(values.publisher),
    bibtex: optionalText(values.bibtex),
    featured: values.featured,
    status: values.status,
    tag_ids: values.tag_ids,
  };
}

/** The form's rules, defaults and request, for the screen. */
export const publicationForm = { schema: publicationSchema, defaults: publicationDefaults, toInput: publicationInput };

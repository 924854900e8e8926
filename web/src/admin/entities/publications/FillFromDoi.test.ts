import { describe, expect, it } from 'vitest';
import type { DoiLookup } from '../../../api/types';
import { filledValues } from './FillFromDoi';

const found: DoiLookup = {
  record: {
    publication: {
      title: 'Vector Quotient Filters: Overcoming the Time/Space Trade-Off in Filter Design',
      authors: ['Prashant Pandey', 'Alex Conway'],
      kind: 'conference-paper',
      venue: 'Proceedings of the 2021 International Conference on Management of Data',
      year: 2021,
      month: 6,
      volume: null,
      issue: null,
      pages: '1386–1399',
      publisher: 'ACM',
      doi: '10.1145/3448016.3452841',
      url: 'https://doi.org/10.1145/3448016.3452841',
      pdf_url: null,
      abstract: null,
      featured: false,
    },
    bibtex: '@inproceedings{Pandey_2021, title={Vector Quotient Filters}}',
    source: 'Crossref',
  },
  duplicate_of: null,
};

describe('Fill from DOI', () => {
  it('fills the fields a lookup knows, as the form holds them (text; empty for unknown)', () => {
    expect(filledValues(found)).toEqual({
      title: 'Vector Quotient Filters: Overcoming the Time/Space Trade-Off in Filter Design',
      authors: ['Prashant Pandey', 'Alex Conway'],
      kind: 'conference-paper',
      venue: 'Proceedings of the 2021 International Conference on Management of Data',
      year: '2021',
      month: '6',
      abstract: '',
      url: 'https://doi.org/10.1145/3448016.3452841',
      doi: '10.1145/3448016.3452841',
      pages: '1386–1399',
      volume: '',
      issue: '',
      publisher: 'ACM',
      bibtex: '@inproceedings{Pandey_2021, title={Vector Quotient Filters}}',
    });
  });

  it('leaves one empty author row when the agency names none', () => {
    const none = { ...found, record: { ...found.record, publication: { ...found.record.publication, authors: [] } } };
    expect(filledValues(none).authors).toEqual(['']);
  });
});

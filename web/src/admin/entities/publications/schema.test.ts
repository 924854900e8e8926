/** The publication form's rules (spec section 5): defaults, validation and what is sent. */
import { describe, expect, it } from 'vitest';
import { DOI_RULE } from '../../../api/rules';
import type { Publication } from '../../../api/types';
import { formValues } from '../kit';
import { problems } from '../kit/testing';
import { publicationInput, publicationSchema, publicationDefaults } from './schema';

const now = new Date(2031, 4, 7, 12);

describe('publications', () => {
  const stored: Publication = {
    id: 'p1',
    tags: [],
    title: 'Paper',
    slug: 'paper',
    authors: [],
    kind: 'thesis',
    venue: 'DAC',
    year: 2020,
    month: 11,
    abstract: null,
    pdf_url: null,
    pdf_file: '1700000000000-abcdefghij.pdf',
    url: null,
    doi: '10.1/x',
    pages: null,
    volume: null,
    issue: '2',
    publisher: null,
    bibtex: null,
    featured: true,
    status: 'draft',
    created_at: '',
    updated_at: '',
  };

  it('opens with one empty author row and the current year', () => {
    const values = publicationDefaults(now);
    expect(values.authors).toEqual(['']);
    expect(values.year).toBe('2031');
    expect(values.status).toBe('published');
    expect(values.kind).toBe('conference-paper');
    expect(values.month).toBe('');
  });

  it('prefills a stored row, keeping one author row even when none is stored', () => {
    const values = formValues(publicationDefaults(now), stored);
    expect(values).toMatchObject({ title: 'Paper', authors: [''], kind: 'thesis', year: '2020', month: '11', issue: '2', publisher: '' });
    expect(values).toMatchObject({ doi: '10.1/x', featured: true, status: 'draft' });
  });

  it('requires title, venue, year, each author row, and whole years', () => {
    const values = { ...publicationDefaults(now), authors: ['Ada', ' '], year: '20.5', pdf_url: 'ftp://x' };
    expect(problems(publicationSchema, values)).toEqual({
      title: 'Title is required',
      'authors.1': 'Author is required',
      venue: 'Venue is required',
      year: 'Year must be a whole number',
      pdf_url: 'PDF URL must be a valid URL starting with http:// or https://',
    });
    expect(problems(publicationSchema, { ...values, year: '' }).year).toBe('Year is required');
    expect(problems(publicationSchema, { ...values, year: '99' }).year).toBe('Year must be between 1000 and 9999');
    expect(problems(publicationSchema, { ...values, month: '13' }).month).toBe('Month must be between 1 and 12');
    expect(problems(publicationSchema, { ...values, month: '' }).month).toBeUndefined();
  });

  it('takes a DOI as the server does (bare, doi: or a doi.org link) and says the rule otherwise', () => {
    const values = { ...formValues(publicationDefaults(now), stored), title: 'T', authors: ['Ada'], venue: 'V' };
    for (const doi of ['', '10.1145/3448016.3452841', 'doi:10.1145/X', ' https://doi.org/10.1000/ABC.Def ', 'http://dx.doi.org/10.1.2/x']) {
      expect(problems(publicationSchema, { ...values, doi }).doi, doi).toBeUndefined();
    }
    for (const doi of ['not a doi', '10.1145', '10.abc/x', '10.1145/a b', 'https://example.org/10.1/x']) {
      expect(problems(publicationSchema, { ...values, doi }).doi, doi).toBe(DOI_RULE);
    }
  });

  it('drops empty authors, parses the year and sends blanks as null', () => {
    const values = { ...formValues(publicationDefaults(now), stored), authors: ['Ada', '  ', 'Alan '], year: '2024', abstract: '' };
    expect(publicationInput(values)).toMatchObject({ authors: ['Ada', 'Alan'], year: 2024, abstract: null, slug: 'paper', doi: '10.1/x' });
    expect(publicationInput(values)).toMatchObject({ kind: 'thesis', month: 11, issue: '2', publisher: null });
    expect(publicationInput({ ...values, month: '' }).month).toBeNull();
    // The uploaded PDF's stored name goes back as it came; removed, it is null.
    expect(publicationInput(values).pdf_file).toBe('1700000000000-abcdefghij.pdf');
    expect(publicationInput({ ...values, pdf_file: '' }).pdf_file).toBeNull();
  });
});

/** The four card forms' rules (spec section 5): defaults, validation and what is sent. */
import { describe, expect, it } from 'vitest';
import type { Project, Publication, ResearchArea } from '../../../api/types';
import type { ZodType } from 'zod';
import { newsInput, newsSchema, newsValues } from './NewsPage';
import { projectInput, projectSchema, projectValues } from './ProjectsPage';
import { publicationInput, publicationSchema, publicationValues } from './PublicationsPage';
import { researchAreaInput, researchAreaSchema, researchAreaValues } from './ResearchAreasPage';

/** Each failing field's messages, keyed by its path ('authors.1'). */
function problems(schema: ZodType, values: unknown): Record<string, string> {
  const found: Record<string, string> = {};
  for (const issue of schema.safeParse(values).error?.issues ?? []) {
    const path = issue.path.join('.');
    found[path] = found[path] ? `${found[path]} | ${issue.message}` : issue.message;
  }
  return found;
}

const now = new Date(2031, 4, 7, 12);

describe('news', () => {
  it('opens with today as the date and published', () => {
    expect(newsValues(null, now)).toEqual({
      title: '',
      content: '',
      date: '2031-05-07',
      link_url: '',
      link_text: '',
      featured: false,
      status: 'published',
    });
  });

  it('requires title, content and date, and an http(s) link URL', () => {
    expect(problems(newsSchema, { ...newsValues(null, now), date: '', link_url: 'www.example.org' })).toEqual({
      title: 'Title is required',
      content: 'Content is required',
      date: 'Date is required',
      link_url: 'Link URL must be a valid URL starting with http:// or https://',
    });
  });

  it('sends blank link fields as null', () => {
    const values = { ...newsValues(null, now), title: 'T', content: 'C' };
    expect(newsInput(values)).toEqual({ title: 'T', content: 'C', date: '2031-05-07', link_url: null, link_text: null, featured: false, status: 'published' });
  });
});

describe('publications', () => {
  const stored: Publication = {
    id: 'p1',
    title: 'Paper',
    slug: 'paper',
    authors: [],
    venue: 'DAC',
    year: 2020,
    abstract: null,
    pdf_url: null,
    url: null,
    doi: '10.1/x',
    pages: null,
    volume: null,
    bibtex: null,
    featured: true,
    status: 'draft',
    created_at: '',
    updated_at: '',
  };

  it('opens with one empty author row and the current year', () => {
    const values = publicationValues(null, now);
    expect(values.authors).toEqual(['']);
    expect(values.year).toBe('2031');
    expect(values.status).toBe('published');
  });

  it('prefills a stored row, keeping one author row even when none is stored', () => {
    const values = publicationValues(stored, now);
    expect(values).toMatchObject({ title: 'Paper', authors: [''], year: '2020', doi: '10.1/x', featured: true, status: 'draft' });
  });

  it('requires title, venue, year, each author row, and whole years', () => {
    const values = { ...publicationValues(null, now), authors: ['Ada', ' '], year: '20.5', pdf_url: 'ftp://x' };
    expect(problems(publicationSchema, values)).toEqual({
      title: 'Title is required',
      'authors.1': 'Author is required',
      venue: 'Venue is required',
      year: 'Year must be a whole number',
      pdf_url: 'PDF URL must be a valid URL starting with http:// or https://',
    });
    expect(problems(publicationSchema, { ...values, year: '' }).year).toBe('Year is required');
    expect(problems(publicationSchema, { ...values, year: '99' }).year).toBe('Year must be between 1000 and 9999');
  });

  it('drops empty authors, parses the year and sends blanks as null', () => {
    const values = { ...publicationValues(stored, now), authors: ['Ada', '  ', 'Alan '], year: '2024', abstract: '' };
    expect(publicationInput(values)).toMatchObject({ authors: ['Ada', 'Alan'], year: 2024, abstract: null, slug: 'paper', doi: '10.1/x' });
  });
});

describe('research areas', () => {
  it('opens with #3b82f6, Shield and sort order 0', () => {
    expect(researchAreaValues(null)).toMatchObject({ color: '#3b82f6', icon: 'Shield', sort_order: '0', status: 'published' });
  });

  it('requires a title and a hex colour', () => {
    expect(problems(researchAreaSchema, { ...researchAreaValues(null), color: 'blue' })).toEqual({
      title: 'Title is required',
      color: 'Color must be a hex colour like #3b82f6',
    });
  });

  it('falls back to sort order 0 when it is not a whole number', () => {
    const values = { ...researchAreaValues(null), title: 'A', sort_order: 'abc' };
    expect(researchAreaInput(values).sort_order).toBe(0);
    expect(researchAreaInput({ ...values, sort_order: '7' }).sort_order).toBe(7);
  });

  it('prefills a stored area', () => {
    const stored: ResearchArea = {
      id: 'r1',
      title: 'AI',
      slug: 'ai',
      description: null,
      content: '<p>x</p>',
      color: '#ef4444',
      icon: 'Brain',
      featured: false,
      sort_order: 3,
      status: 'published',
      created_at: '',
      updated_at: '',
    };
    expect(researchAreaValues(stored)).toMatchObject({ description: '', content: '<p>x</p>', color: '#ef4444', icon: 'Brain', sort_order: '3' });
  });
});

describe('projects', () => {
  it('requires title and summary, http(s) URLs, and an end date not before the start', () => {
    const values = { ...projectValues(null), demo_url: 'nope', start_date: '2024-05-01', end_date: '2024-04-30' };
    expect(problems(projectSchema, values)).toMatchObject({
      title: 'Title is required',
      summary: 'Summary is required',
      demo_url: 'Demo URL must be a valid URL starting with http:// or https://',
    });
    const valid = { ...values, title: 'P', summary: 'S', demo_url: '' };
    expect(problems(projectSchema, valid)).toEqual({ end_date: 'End date must not be before the start date' });
    expect(problems(projectSchema, { ...valid, end_date: '' })).toEqual({});
  });

  it('drops empty list entries and sends empty dates as null', () => {
    const values = { ...projectValues(null), title: 'P', summary: 'S', tech_stack: ['Rust', '', ' '], collaborators: [''] };
    expect(projectInput(values)).toMatchObject({ tech_stack: ['Rust'], collaborators: [], start_date: null, end_date: null, sort_order: 0 });
  });

  it('prefills lists and dates of a stored project', () => {
    const stored = {
      ...projectInput(projectValues(null)),
      id: 'x',
      title: 'P',
      slug: 'p',
      summary: 'S',
      tech_stack: ['Rust', 'React'],
      collaborators: [],
      start_date: '2024-01-01',
      end_date: null,
      sort_order: 2,
      status: 'published',
      created_at: '',
      updated_at: '',
    } as Project;
    expect(projectValues(stored)).toMatchObject({ tech_stack: ['Rust', 'React'], collaborators: [''], start_date: '2024-01-01', end_date: '', sort_order: '2' });
  });
});

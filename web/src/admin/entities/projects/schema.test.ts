/** The project form's rules (spec section 5): defaults, validation and what is sent. */
import { describe, expect, it } from 'vitest';
import type { Project } from '../../../api/types';
import { formValues } from '../kit';
import { problems } from '../kit/testing';
import { projectInput, projectSchema, projectDefaults } from './schema';

describe('projects', () => {
  it('requires title and summary, http(s) URLs, and an end date not before the start', () => {
    const values = { ...projectDefaults(), demo_url: 'nope', start_date: '2024-05-01', end_date: '2024-04-30' };
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
    const values = { ...projectDefaults(), title: 'P', summary: 'S', tech_stack: ['Rust', '', ' '], collaborators: [''] };
    expect(projectInput(values)).toMatchObject({
      tech_stack: ['Rust'],
      collaborators: [],
      start_date: null,
      end_date: null,
      sort_order: 0,
    });
  });

  it('prefills lists and dates of a stored project', () => {
    const stored = {
      ...projectInput(projectDefaults()),
      tags: [],
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
    expect(formValues(projectDefaults(), stored)).toMatchObject({
      tech_stack: ['Rust', 'React'],
      collaborators: [''],
      start_date: '2024-01-01',
      end_date: '',
      sort_order: '2',
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { OpenCall } from '../../../api/types';
import { deadlineLabel, openCallInput, openCallSchema, openCallDefaults } from './schema';
import { formValues } from '../kit';

const EMPTY_OPEN_CALL = openCallDefaults();

const stored: OpenCall = {
  id: 'c1',
  title: 'Call',
  slug: 'call',
  description: null,
  content: '<p><strong>Fund</strong></p>',
  requirements: null,
  contact_email: 'grants@example.org',
  contact_info: null,
  application_url: null,
  funding_amount: null,
  duration: '2 years',
  funding_agency: null,
  deadline: '2025-01-05',
  status: 'draft',
  featured: true,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

describe('deadlineLabel', () => {
  it("formats the date as 'MMM dd, yyyy' with a two-digit day", () => {
    expect(deadlineLabel('2025-01-05')).toBe('Jan 05, 2025');
    expect(deadlineLabel('2024-12-31')).toBe('Dec 31, 2024');
    expect(deadlineLabel('2024-02-29')).toBe('Feb 29, 2024');
  });

  it('keeps the calendar day in every time zone (no Date parsing)', () => {
    const zone = process.env.TZ;
    try {
      for (const tz of ['Pacific/Honolulu', 'UTC', 'Pacific/Kiritimati']) {
        process.env.TZ = tz;
        expect(deadlineLabel('2025-03-01')).toBe('Mar 01, 2025');
      }
    } finally {
      process.env.TZ = zone;
    }
  });

  it("says 'No deadline' without one", () => {
    expect(deadlineLabel(null)).toBe('No deadline');
    expect(deadlineLabel('')).toBe('No deadline');
  });
});

describe('openCallInput', () => {
  // What the form sends: its values as the schema leaves them (trimmed), through openCallInput.
  const send = (values: object) => openCallInput(openCallSchema.parse({ ...EMPTY_OPEN_CALL, ...values }));

  it('sends every empty optional field as null', () => {
    const input = send({ title: ' Call ', slug: 'call', content: '<p></p>', requirements: '<p></p>', contact_info: '' });
    expect(input).toEqual({
      title: 'Call',
      slug: 'call',
      description: null,
      content: null,
      requirements: null,
      contact_email: null,
      contact_info: null,
      application_url: null,
      funding_amount: null,
      duration: null,
      funding_agency: null,
      deadline: null,
      status: 'published',
      featured: false,
    });
  });

  it('keeps filled fields, rich text as the editor wrote it', () => {
    const input = send({
      title: 'Call',
      slug: 'call',
      description: '  Short text  ',
      content: '<p><strong>Bold</strong></p><ul><li><p>one</p></li></ul>',
      funding_agency: ' Vinnova ',
      deadline: '2025-01-05',
      status: 'draft',
      featured: true,
    });
    expect(input.description).toBe('Short text');
    expect(input.content).toBe('<p><strong>Bold</strong></p><ul><li><p>one</p></li></ul>');
    expect(input.funding_agency).toBe('Vinnova');
    expect(input.deadline).toBe('2025-01-05');
    expect(input.status).toBe('draft');
    expect(input.featured).toBe(true);
  });

  it('round-trips a stored call through the form', () => {
    const values = formValues(openCallDefaults(), stored);
    expect(values.requirements).toBe('');
    expect(values.deadline).toBe('2025-01-05');
    expect(openCallInput(values)).toMatchObject({
      content: stored.content,
      requirements: null,
      status: 'draft',
      featured: true,
      duration: '2 years',
    });
  });
});

describe('openCallSchema', () => {
  const messages = (values: object) => {
    const result = openCallSchema.safeParse({ ...EMPTY_OPEN_CALL, ...values });
    return result.success ? {} : Object.fromEntries(result.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
  };

  it("requires a title and a slug with the spec's messages", () => {
    expect(messages({ title: '  ', slug: '' })).toEqual({ title: 'Title is required', slug: 'Slug is required' });
  });

  it('checks the slug, e-mail and URL as the server does', () => {
    expect(messages({ title: 'T', slug: 'Bad Slug', contact_email: 'nobody', application_url: 'javascript:alert(1)' })).toEqual({
      slug: 'Slug may contain only lower-case letters, digits and single hyphens',
      contact_email: 'Contact email must be a valid email address',
      application_url: 'Application URL must be a valid URL starting with http:// or https://',
    });
    expect(messages({ title: 'T', slug: 'ok-2025', contact_email: 'a@b.se', application_url: 'https://example.org/apply' })).toEqual({});
  });
});

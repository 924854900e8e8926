/** The news form's rules (spec section 5): defaults, validation and what is sent. */
import { describe, expect, it } from 'vitest';
import { problems } from '../kit/testing';
import { newsInput, newsSchema, newsDefaults } from './schema';

const now = new Date(2031, 4, 7, 12);

describe('news', () => {
  it('opens with today as the date and published', () => {
    expect(newsDefaults(now)).toEqual({
      title: '',
      content: '',
      date: '2031-05-07',
      link_url: '',
      link_text: '',
      featured: false,
      status: 'published',
      tag_ids: [],
    });
  });

  it('requires title, content and date, and an http(s) link URL', () => {
    expect(problems(newsSchema, { ...newsDefaults(now), date: '', link_url: 'www.example.org' })).toEqual({
      title: 'Title is required',
      content: 'Content is required',
      date: 'Date is required',
      link_url: 'Link URL must be a valid URL starting with http:// or https://',
    });
  });

  it('sends blank link fields as null', () => {
    const values = { ...newsDefaults(now), title: 'T', content: 'C' };
    expect(newsInput(values)).toEqual({
      title: 'T',
      content: 'C',
      date: '2031-05-07',
      link_url: null,
      link_text: null,
      featured: false,
      status: 'published',
      tag_ids: [],
    });
  });
});

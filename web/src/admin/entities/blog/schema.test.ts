/** The blog post form's rules, mirrored from src/content/posts.rs: defaults, validation and what is sent. */
import { describe, expect, it } from 'vitest';
import { MAX_LONG, MAX_SHORT } from '../../../api/rules';
import { problems } from '../kit/testing';
import { postDefaults, postInput, postSchema } from './schema';

const now = new Date(2031, 4, 7, 12);
const BLANK = { title: '', slug: '', summary: '', content: '', cover_image: '', featured: false, tag_ids: [] };

describe('blog posts', () => {
  it('opens dated today, published, with nothing else filled in', () => {
    expect(postDefaults(now)).toEqual({ ...BLANK, date: '2031-05-07', status: 'published' });
  });

  it('requires a title, and takes only a slug in slug form, a date and a cover that is a URL or a site path', () => {
    expect(
      problems(postSchema, { ...postDefaults(now), title: '  ', slug: 'Not A Slug', date: '7 May', cover_image: 'www.example.org/c.png' }),
    ).toEqual({
      title: 'Title is required',
      slug: 'Slug may contain only lower-case letters, digits and single hyphens',
      date: 'Date must be a date',
      cover_image: 'Cover image must be a valid URL starting with http:// or https://',
    });
  });

  it('takes a cover uploaded here or anywhere on the web', () => {
    for (const cover_image of ['/files/profile-photos/1-a.jpg', 'https://images.example.org/c.png']) {
      expect(problems(postSchema, { ...postDefaults(now), title: 'T', cover_image })).toEqual({});
    }
  });

  it('holds the server to its lengths: a line at most MAX_SHORT, the summary and content at most MAX_LONG', () => {
    expect(
      problems(postSchema, {
        ...postDefaults(now),
        title: 'x'.repeat(MAX_SHORT + 1),
        summary: 'x'.repeat(MAX_LONG + 1),
        content: 'x'.repeat(MAX_LONG + 1),
      }),
    ).toEqual({
      title: `Title must be at most ${MAX_SHORT} characters`,
      summary: `Summary must be at most ${MAX_LONG} characters`,
      content: `Content must be at most ${MAX_LONG} characters`,
    });
    expect(problems(postSchema, { ...postDefaults(now), title: 'x'.repeat(MAX_SHORT), summary: 'x'.repeat(MAX_LONG) })).toEqual({});
  });

  it('sends blanks as null (the server then makes the slug and dates the post today) and an empty editor as no content', () => {
    const values = { ...postDefaults(now), title: 'T', date: '', content: '<p></p>' };
    expect(postInput(values)).toEqual({
      title: 'T',
      slug: null,
      date: null,
      summary: null,
      content: null,
      cover_image: null,
      featured: false,
      status: 'published',
      tag_ids: [],
    });
  });
});

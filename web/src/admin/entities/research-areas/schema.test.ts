/** The research area form's rules (spec section 5): defaults, validation and what is sent. */
import { describe, expect, it } from 'vitest';
import type { ResearchArea } from '../../../api/types';
import { formValues } from '../kit';
import { problems } from '../kit/testing';
import { researchAreaInput, researchAreaSchema, researchAreaDefaults } from './schema';

describe('research areas', () => {
  it('opens with #3b82f6, Shield and sort order 0', () => {
    expect(researchAreaDefaults()).toMatchObject({ color: '#3b82f6', icon: 'Shield', sort_order: '0', status: 'published' });
  });

  it('requires a title and a hex colour', () => {
    expect(problems(researchAreaSchema, { ...researchAreaDefaults(), color: 'blue' })).toEqual({
      title: 'Title is required',
      color: 'Color must be a hex colour like #3b82f6',
    });
  });

  it('falls back to sort order 0 when it is not a whole number', () => {
    const values = { ...researchAreaDefaults(), title: 'A', sort_order: 'abc' };
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
    expect(formValues(researchAreaDefaults(), stored)).toMatchObject({
      description: '',
      content: '<p>x</p>',
      color: '#ef4444',
      icon: 'Brain',
      sort_order: '3',
    });
  });
});

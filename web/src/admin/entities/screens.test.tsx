// @vitest-environment happy-dom
/**
 * The kit's screens in a browser-like DOM against a fake server: what the
 * tables and cards show, the dialogs' defaults and rules, the request each form sends
 * and where the server's field messages land. (The real binary is driven by
 * e2e/admin-tables, admin-cards and admin-open-calls.)
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CvGrant, CvGrantInput, NewsItem, OpenCall, Post, Student, Tag } from '../../api/types';
import BlogScreen from './blog/BlogScreen';
import { postDefaults, postInput } from './blog/schema';
import CvGrantsScreen from './cv-grants/CvGrantsScreen';
import { currentYear } from './kit';
import NewsScreen from './news/NewsScreen';
import { newsDefaults, newsInput } from './news/schema';
import OpenCallsScreen from './open-calls/OpenCallsScreen';
import { openCallDefaults, openCallInput } from './open-calls/schema';
import StudentsScreen from './students/StudentsScreen';
import TagsScreen from './tags/TagsScreen';

type Reply = { status: number; body?: unknown };
type Call = { method: string; path: string; body: unknown };

let calls: Call[] = [];

/** A fetch that answers 'METHOD /path' from a queue of replies. */
function fakeServer(routes: Record<string, Reply[]>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const path = String(input);
      calls.push({ method, path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      // A list's page is asked for with its query (`?limit=50&offset=0`): answered by its path.
      const reply = (routes[`${method} ${path}`] ?? routes[`${method} ${path.split('?')[0]}`])?.shift();
      if (!reply) throw new Error(`unexpected request ${method} ${path}`);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
}

let root: Root | null = null;

async function render(element: ReactElement) {
  const container = document.createElement('div');
  document.body.append(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root = createRoot(container);
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>{element}</MemoryRouter>
      </QueryClientProvider>,
    );
  });
  await settle();
}

/** Lets pending fetches, queries and re-renders finish. */
async function settle() {
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

const text = () => document.body.textContent ?? '';

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find(
    (element) => element.getAttribute('aria-label') === name || element.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

/** The control labelled `label`. */
function field(label: string): HTMLInputElement {
  const found = [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  const control = found ? document.getElementById(found.htmlFor) : null;
  if (!control) throw new Error(`no field ${label}`);
  return control as HTMLInputElement;
}

/** The error shown under the field labelled `label`. */
function fieldError(label: string): string | null {
  const control = field(label);
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.id.endsWith('-error'));
  return error?.textContent ?? null;
}

async function type(label: string, value: string) {
  const input = field(label);
  const prototype = input instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Types each value into the field labelled by its key, in order. */
async function fill(values: Record<string, string>) {
  for (const [label, value] of Object.entries(values)) await type(label, value);
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
  await settle();
}

const dialogTitle = () => document.querySelector('[role="dialog"] h2')?.textContent ?? null;

/** The routes of an empty table at /api/admin/`path` that creates `row` (then lists it). */
function creating(path: string, row: unknown): Record<string, Reply[]> {
  return {
    [`GET /api/admin/${path}`]: [
      { status: 200, body: [] },
      { status: 200, body: [row] },
    ],
    [`POST /api/${path}`]: [{ status: 201, body: row }],
  };
}

/** The body of the first POST sent. */
const posted = () => calls.find((call) => call.method === 'POST')?.body;

const ada: Student = {
  id: 's1',
  name: 'Ada Lovelace',
  level: 'phd',
  status: 'current',
  bio: null,
  thesis_title: 'Analytical engines',
  start_year: 2022,
  graduation_year: null,
  current_position: null,
  email: 'ada@example.org',
  linkedin_url: null,
  website_url: null,
  profile_image_url: null,
  sort_order: 1,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  calls = [];
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('the Students screen', () => {
  it('says so when there are no students', async () => {
    fakeServer({ 'GET /api/admin/students': [{ status: 200, body: [] }] });
    await render(<StudentsScreen />);
    expect(text()).toContain('No students found. Add your first student to get started.');
    expect(document.querySelector('table')).toBeNull();
  });

  it('shows the columns, the upper-cased level and "-" for no graduation year', async () => {
    const grace: Student = { ...ada, id: 's2', name: 'Grace Hopper', level: 'master', status: 'graduated', graduation_year: 2024 };
    fakeServer({ 'GET /api/admin/students': [{ status: 200, body: [ada, grace] }] });
    await render(<StudentsScreen />);
    const headers = [...document.querySelectorAll('th')].map((th) => th.textContent);
    // First the column of the rows' checkboxes (issue 44), named for screen readers only.
    expect(headers).toEqual(['Selected', 'Name', 'Level', 'Status', 'Start Year', 'Graduation Year', 'Actions']);
    const rows = [...document.querySelectorAll('tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].slice(1, 6).map((td) => td.textContent),
    );
    expect(rows).toEqual([
      ['Ada Lovelace', 'PHD', 'Current', '2022', '-'],
      ['Grace Hopper', 'MASTER', 'Graduated', '2022', '2024'],
    ]);
    expect(button('Edit Ada Lovelace')).toBeTruthy();
    expect(button('Delete Grace Hopper')).toBeTruthy();
  });

  it('opens the add dialog with the defaults and checks the form before sending', async () => {
    fakeServer({ 'GET /api/admin/students': [{ status: 200, body: [] }] });
    await render(<StudentsScreen />);
    await click(button('Add Student'));
    expect(dialogTitle()).toBe('Add New Student');
    expect(field('Level').value).toBe('phd');
    expect(field('Status').value).toBe('current');
    expect(field('Start Year').value).toBe(String(currentYear()));
    expect(field('Graduation Year').value).toBe('');
    expect(field('Email').type).toBe('email');

    await type('Website URL', 'example.org');
    await type('Graduation Year', '1999');
    await click(button('Create Student'));
    expect(fieldError('Name')).toBe('Name is required');
    expect(fieldError('Website URL')).toBe('Website URL must be a valid URL starting with http:// or https://');
    expect(fieldError('Graduation Year')).toBe('Graduation year must not be before the start year');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends blanks as null, sort order 0 when not numeric, and closes after creating', async () => {
    fakeServer(creating('students', ada));
    await render(<StudentsScreen />);
    await click(button('Add Student'));
    await fill({ Name: '  Ada Lovelace ', 'Sort Order': 'first' });
    await click(button('Create Student'));
    expect(posted()).toEqual({
      name: 'Ada Lovelace',
      level: 'phd',
      status: 'current',
      bio: null,
      thesis_title: null,
      start_year: currentYear(),
      graduation_year: null,
      current_position: null,
      email: null,
      linkedin_url: null,
      website_url: null,
      profile_image_url: null,
      sort_order: 0,
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(text()).toContain('Ada Lovelace');
  });

  it('opens the edit dialog prefilled and keeps it open with the server message on a 422', async () => {
    fakeServer({
      'GET /api/admin/students': [{ status: 200, body: [ada] }],
      'PUT /api/students/s1': [
        {
          status: 422,
          body: {
            error: {
              code: 'validation',
              message: 'Email must be a valid email address',
              fields: { email: 'Email must be a valid email address' },
            },
          },
        },
      ],
    });
    await render(<StudentsScreen />);
    await click(button('Edit Ada Lovelace'));
    expect(dialogTitle()).toBe('Edit Student');
    expect(field('Name').value).toBe('Ada Lovelace');
    expect(field('Thesis Title').value).toBe('Analytical engines');
    expect(field('Sort Order').value).toBe('1');
    await click(button('Update Student'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@example.org',
      sort_order: 1,
    });
    expect(dialogTitle()).toBe('Edit Student');
    expect(fieldError('Email')).toBe('Email must be a valid email address');
  });
});

describe('the Tags screen', () => {
  const security: Tag = { id: 't1', name: 'Security', slug: 'security', color: '#ef4444', created_at: '', updated_at: '' };

  it('shows the tag badge, the slug and the colour', async () => {
    fakeServer({ 'GET /api/admin/tags': [{ status: 200, body: [security] }] });
    await render(<TagsScreen />);
    expect([...document.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Selected', 'Tag', 'Slug', 'Color', 'Actions']);
    const cells = [...document.querySelectorAll('tbody td')].slice(1);
    expect(cells.slice(0, 3).map((td) => td.textContent)).toEqual(['Security', 'security', '#ef4444']);
    expect((cells[0]!.querySelector('span') as HTMLElement).style.backgroundColor).toBeTruthy();
  });

  it('derives the slug from every name change, previews the badge and offers the presets', async () => {
    fakeServer({ 'GET /api/admin/tags': [{ status: 200, body: [] }] });
    await render(<TagsScreen />);
    expect(text()).toContain('No tags found. Add your first tag to get started.');
    await click(button('Add Tag'));
    expect(dialogTitle()).toBe('Add New Tag');
    const preview = () => document.querySelector('[data-testid="tag-preview"]')?.textContent;
    expect(preview()).toBe('Tag Name');
    expect(field('Hex Code').value).toBe('#3b82f6');
    expect(field('Picker').type).toBe('color');

    const presets = [...document.querySelectorAll<HTMLButtonElement>('[role="group"][aria-label="Preset colors"] button')];
    expect(presets.map((preset) => preset.getAttribute('aria-label'))).toEqual([
      'Blue (#3b82f6)',
      'Red (#ef4444)',
      'Green (#10b981)',
      'Amber (#f59e0b)',
      'Violet (#8b5cf6)',
      'Pink (#ec4899)',
      'Cyan (#06b6d4)',
      'Lime (#84cc16)',
      'Orange (#f97316)',
      'Gray (#6b7280)',
    ]);
    expect(presets.filter((preset) => preset.getAttribute('aria-pressed') === 'true')).toEqual([presets[0]]);

    await type('Name', 'Hardware Security & Trust!');
    expect(field('Slug').value).toBe('hardware-security-trust');
    expect(preview()).toBe('Hardware Security & Trust!');
    await type('Slug', 'hw-sec');
    await type('Name', 'Café Crypto');
    expect(field('Slug').value).toBe('cafe-crypto');

    await click(button('Pink (#ec4899)'));
    expect(field('Hex Code').value).toBe('#ec4899');
    expect(field('Picker').value).toBe('#ec4899');
    expect(button('Pink (#ec4899)').getAttribute('aria-pressed')).toBe('true');
    expect(button('Blue (#3b82f6)').getAttribute('aria-pressed')).toBe('false');

    await type('Hex Code', '#12345');
    await click(button('Create Tag'));
    expect(fieldError('Hex Code')).toBe('Color must be a hex colour like #3b82f6');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });
});

describe('a cards screen (News)', () => {
  const grant: Tag = { id: 't1', name: 'Grants', slug: 'grants', color: '#16a34a', created_at: '', updated_at: '' };
  const stored = { id: 'n1', created_at: '', updated_at: '' };
  const item: NewsItem = {
    ...newsInput(newsDefaults()),
    ...stored,
    tags: [],
    title: 'Paper accepted',
    content: 'At DAC.',
    date: '2025-03-04',
    featured: true,
    status: 'draft',
  };

  it('shows each item as a card with its badges and worded buttons', async () => {
    fakeServer({ 'GET /api/admin/news': [{ status: 200, body: [item] }] });
    await render(<NewsScreen />);
    const card = document.querySelector('ul[aria-label="News"] li');
    expect(card?.querySelector('h2')?.textContent).toBe('Paper accepted');
    expect(card?.textContent).toContain('Featured');
    expect(card?.textContent).toContain('Draft');
    expect(button('Edit Paper accepted').textContent).toBe('Edit');
    expect(button('Delete Paper accepted').textContent).toBe('Delete');
  });

  it("saves with a plain 'Update' button and sends every key of the request", async () => {
    // Published: happy-dom's <select> does not take a default other than its first option (browsers do; see e2e).
    const published = { ...item, status: 'published' } as const;
    fakeServer({
      'GET /api/admin/news': [
        { status: 200, body: [published] },
        { status: 200, body: [published] },
      ],
      'PUT /api/news/n1': [{ status: 200, body: published }],
      'GET /api/admin/tags': [{ status: 200, body: [grant] }],
    });
    await render(<NewsScreen />);
    await click(button('Edit Paper accepted'));
    await settle();
    const picker = [...document.querySelectorAll('[role="dialog"] fieldset')].find(
      (set) => set.querySelector('legend')?.textContent === 'Tags',
    );
    const checkbox = picker?.querySelector<HTMLInputElement>('input[type="checkbox"]');
    expect(checkbox?.closest('label')?.textContent).toBe('Grants');
    await click(checkbox!);
    expect(dialogTitle()).toBe('Edit News Item');
    expect(document.querySelector('[role="dialog"] form')?.getAttribute('aria-label')).toBe('News item');
    await type('Link URL', ' https://example.org ');
    await click(button('Update'));
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      title: 'Paper accepted',
      content: 'At DAC.',
      date: '2025-03-04',
      link_url: 'https://example.org',
      link_text: null,
      featured: true,
      status: 'published',
      tag_ids: ['t1'],
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});

describe('the Blog Posts screen', () => {
  const grant: Tag = { id: 't1', name: 'Grants', slug: 'grants', color: '#16a34a', created_at: '', updated_at: '' };
  const written = { title: 'Café notes: masking', slug: 'cafe-notes-masking', date: '2025-03-04', summary: 'What leaks.' };
  const stored: Post = {
    ...postInput(postDefaults()),
    ...written,
    id: 'p1',
    status: 'draft',
    tags: [grant],
    created_at: '',
    updated_at: '',
  };

  it('is titled Blog Posts and shows each post as a card with its date, summary and status', async () => {
    fakeServer({ 'GET /api/admin/posts': [{ status: 200, body: [stored] }] });
    await render(<BlogScreen />);
    expect(document.querySelector('h1')?.textContent).toBe('Blog Posts');
    expect(button('Add Blog Post')).toBeTruthy();
    const card = document.querySelector('ul[aria-label="Blog Posts"] li');
    expect(card?.querySelector('h2')?.textContent).toBe('Café notes: masking');
    expect(card?.querySelector('time')?.getAttribute('dateTime')).toBe('2025-03-04');
    expect(card?.textContent).toContain('What leaks.');
    expect(card?.textContent).toContain('Draft');
  });

  it('checks the form, derives the slug from the title and sends every key of the request', async () => {
    fakeServer({
      ...creating('posts', { ...stored, status: 'published' }),
      'GET /api/admin/tags': [{ status: 200, body: [grant] }],
    });
    await render(<BlogScreen />);
    await click(button('Add Blog Post'));
    await settle();
    expect(dialogTitle()).toBe('Add New Blog Post');
    await type('Cover Image URL', 'www.example.org/c.png');
    await click(button('Create'));
    expect(fieldError('Title')).toBe('Title is required');
    expect(fieldError('Cover Image URL')).toBe('Cover image must be a valid URL starting with http:// or https://');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    await fill({
      Title: 'Café notes: masking',
      Summary: 'What leaks.',
      'Cover Image URL': '/files/profile-photos/c.jpg',
      Date: '2025-03-04',
    });
    expect(field('Slug').value).toBe('cafe-notes-masking');
    const picker = [...document.querySelectorAll('[role="dialog"] fieldset')].find(
      (set) => set.querySelector('legend')?.textContent === 'Tags',
    );
    await click(picker!.querySelector<HTMLInputElement>('input[type="checkbox"]')!);
    await click(button('Create'));
    expect(posted()).toEqual({
      title: 'Café notes: masking',
      slug: 'cafe-notes-masking',
      date: '2025-03-04',
      summary: 'What leaks.',
      content: null,
      cover_image: '/files/profile-photos/c.jpg',
      featured: false,
      status: 'published',
      tag_ids: ['t1'],
    });
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});

describe('an inline card form (Open Calls)', () => {
  const call: OpenCall = {
    ...openCallInput(openCallDefaults()),
    id: 'c1',
    title: 'Old Call',
    slug: 'old-call',
    created_at: '',
    updated_at: '',
  };
  const form = () => document.querySelector('form');

  it('opens above the table instead of the Add button, derives the slug, and closes on Cancel', async () => {
    fakeServer({ 'GET /api/admin/open-calls': [{ status: 200, body: [call] }] });
    await render(<OpenCallsScreen />);
    await click(button('Add Open Call'));
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(form()?.getAttribute('aria-labelledby')).toBe(form()?.querySelector('h2')?.id);
    expect(form()?.querySelector('h2')?.textContent).toBe('Add New Open Call');
    expect(() => button('Add Open Call')).toThrow();
    expect(document.activeElement).toBe(field('Title'));
    await click(button('Create Open Call'));
    expect(fieldError('Title')).toBe('Title is required');
    expect(fieldError('Slug')).toBe('Slug is required');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    await type('Title', 'Café PhD: Position!! 2025');
    expect(field('Slug').value).toBe('cafe-phd-position-2025');
    await click(button('Cancel'));
    expect(form()).toBeNull();
    expect(document.activeElement).toBe(button('Add Open Call'));
  });

  it('keeps the slug of a call being edited', async () => {
    fakeServer({ 'GET /api/admin/open-calls': [{ status: 200, body: [call] }] });
    await render(<OpenCallsScreen />);
    await click(button('Edit Old Call'));
    expect(form()?.querySelector('h2')?.textContent).toBe('Edit Open Call');
    await type('Title', 'New Title');
    expect(field('Slug').value).toBe('old-call');
    expect(button('Update Open Call')).toBeTruthy();
  });
});

describe('a CV section (Grants and Funding)', () => {
  /** What the add dialog sends for the grant below (no role typed). */
  const sent = {
    title: 'Trusted chips',
    funder: 'VR',
    role: null,
    amount: 4000000,
    currency: 'SEK',
    start_year: 2022,
    end_year: null,
    sort_order: 0,
    status: 'published',
  } satisfies CvGrantInput;
  const grant: CvGrant = { ...sent, id: 'g1', role: 'PI', created_at: '2025-01-01T00:00:00Z', updated_at: '2025-01-01T00:00:00Z' };

  it('shows the amount with its currency and an open span as "present"', async () => {
    fakeServer({ 'GET /api/admin/cv-grants': [{ status: 200, body: [grant] }] });
    await render(<CvGrantsScreen />);
    expect(text()).toContain('4,000,000 SEK');
    expect(text()).toContain('2022–present');
  });

  it('checks years and currency before sending, then sends an empty end year as null', async () => {
    fakeServer(creating('cv-grants', grant));
    await render(<CvGrantsScreen />);
    await click(button('Add Grant'));
    expect(field('Start year').value).toBe(String(currentYear()));
    await fill({ Title: 'Trusted chips', Funder: 'VR', Amount: '4000000', Currency: 'sek', 'Start year': '1899' });
    await click(button('Create Grant'));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    expect(fieldError('Currency')).toBe('Currency must be an ISO 4217 code of three capital letters, e.g. EUR');
    expect(fieldError('Start year')).toBe('Start year must be between 1900 and 2100');
    await fill({ Currency: 'SEK', 'Start year': '2022' });
    await click(button('Create Grant'));
    expect(posted()).toEqual(sent);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
  });
});

// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AboutContent, HeroContent, SectionRecord } from '../../../api/types';
import type { SectionKey } from './section-api';
import type { FieldSpecs } from './section-fields';
import { SectionForm, type SectionLayout } from './SectionForm';

const { toast } = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('sonner', () => ({ toast }));

const ABOUT: AboutContent = {
  title: 'About Me',
  bio: 'Default bio',
  background: '',
  research_interests: '',
  education: '',
  experience: '',
  awards: '',
  leadership: '',
  service: '',
  personal: '',
};
const ABOUT_FIELDS: FieldSpecs<AboutContent> = {
  title: { label: 'Title' },
  bio: { label: 'Biography', kind: 'multiline' },
  background: { label: 'Background', kind: 'multiline' },
  research_interests: { label: 'Research Interests', kind: 'multiline' },
  education: { label: 'Education', kind: 'multiline' },
  experience: { label: 'Experience', kind: 'multiline' },
  awards: { label: 'Awards', kind: 'multiline' },
  leadership: { label: 'Leadership', kind: 'multiline' },
  service: { label: 'Service', kind: 'multiline' },
  personal: { label: 'Personal', kind: 'multiline' },
};
const HERO: HeroContent = {
  name: 'Dr. Default',
  title: 'Associate Professor',
  institution: 'A Swedish university',
  bio: 'Bio',
  profile_image_url: '/profile-placeholder.svg',
  profile_image_alt: 'Portrait',
  google_scholar_url: '',
  cv_url: '',
  phone: '',
  website_url: '',
  linkedin_url: '',
};
const HERO_FIELDS: FieldSpecs<HeroContent> = {
  name: { label: 'Name' },
  title: { label: 'Title' },
  institution: { label: 'Institution' },
  bio: { label: 'Short Bio', kind: 'multiline' },
  profile_image_url: { label: 'Profile Image URL', kind: 'link' },
  profile_image_alt: { label: 'Profile Image Alt Text' },
  google_scholar_url: { label: 'Google Scholar URL', kind: 'link' },
  cv_url: { label: 'CV URL', kind: 'link' },
  phone: { label: 'Phone', kind: 'tel' },
  website_url: { label: 'Website URL', kind: 'link' },
  linkedin_url: { label: 'LinkedIn URL', kind: 'link' },
};

function record<T>(section: SectionKey, content: T, stored = false): SectionRecord<T> {
  return { section, content, updated_at: stored ? '2025-01-01T00:00:00Z' : null };
}

type Reply = { status: number; body?: unknown };
let requests: Array<{ call: string; body: unknown }> = [];

function fakeServer(...replies: Reply[]) {
  requests = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requests.push({ call: `${init?.method ?? 'GET'} ${String(input)}`, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const reply = replies.shift();
      if (!reply) throw new Error(`unexpected request ${String(input)}`);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
}

let root: Root;
let container: HTMLElement;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  toast.success.mockClear();
  toast.error.mockClear();
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

async function render(node: React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  await act(async () => root.render(<QueryClientProvider client={client}>{node}</QueryClientProvider>));
}

function control(label: string): HTMLInputElement | HTMLTextAreaElement {
  const labelElement = [...container.querySelectorAll('label')].find((l) => l.textContent === label);
  const element = labelElement && container.querySelector<HTMLInputElement>(`[id="${labelElement.htmlFor}"]`);
  if (!element) throw new Error(`no field ${label}`);
  return element;
}

/** Types into a field the way React sees a user's input. */
async function type(label: string, value: string) {
  const element = control(label);
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')!.set!;
  await act(async () => {
    setter.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit() {
  await act(async () => {
    container.querySelector('form')!.requestSubmit();
  });
  // react-hook-form validates asynchronously, then the mutation settles.
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

describe('SectionForm', () => {
  it('starts from the content it is given and saves all of it with the spec toast', async () => {
    const saved = { ...ABOUT, title: 'About Dr. Lindberg' };
    fakeServer({ status: 200, body: record('about', saved, true) });
    await render(<SectionForm section="about" record={record('about', ABOUT)} fields={ABOUT_FIELDS} submitLabel="Update About Page" formLabel="About" />);
    expect(control('Biography').value).toBe('Default bio');
    await type('Title', 'About Dr. Lindberg');
    await submit();
    expect(requests).toEqual([{ call: 'PUT /api/homepage/about', body: saved }]);
    expect(toast.success).toHaveBeenCalledWith('Success', { description: 'About page updated successfully' });
  });

  it("puts the server's field messages next to the fields and names the section in the error toast", async () => {
    fakeServer({
      status: 422,
      body: { error: { code: 'validation', message: 'Title must be at most 1000 characters', fields: { title: 'Title must be at most 1000 characters' } } },
    });
    await render(<SectionForm section="about" record={record('about', ABOUT)} fields={ABOUT_FIELDS} submitLabel="Update About Page" formLabel="About" />);
    await submit();
    expect(container.textContent).toContain('Title must be at most 1000 characters');
    expect(control('Title').getAttribute('aria-invalid')).toBe('true');
    expect(toast.error).toHaveBeenCalledWith('Error', { description: 'Failed to update about page: Title must be at most 1000 characters' });
  });

  it('checks links before sending', async () => {
    fakeServer();
    await render(<SectionForm section="hero" record={record('hero', HERO)} fields={HERO_FIELDS} submitLabel="Update Hero Section" formLabel="Hero" />);
    await type('CV URL', 'javascript:alert(1)');
    await submit();
    expect(requests).toEqual([]);
    expect(container.textContent).toContain('Must be a valid URL starting with http:// or https://');
  });

  it('stores one field over the stored content, keeping other edits unsaved in the form', async () => {
    const onServer = { ...HERO, name: 'Dr. Stored Elsewhere' };
    const url = '/files/cv-files/17-abc.pdf';
    fakeServer({ status: 200, body: record('hero', onServer, true) }, { status: 200, body: record('hero', { ...onServer, cv_url: url }, true) });
    let layout: SectionLayout<HeroContent> | null = null;
    await render(
      <SectionForm section="hero" record={record('hero', HERO)} fields={HERO_FIELDS} submitLabel="Update Hero Section" formLabel="Hero">
        {(given) => {
          layout = given;
          return [given.field('name'), given.field('cv_url')];
        }}
      </SectionForm>,
    );
    await type('Name', 'Unsaved Name');
    await act(async () => layout!.saveField('cv_url', url));
    expect(requests).toEqual([
      { call: 'GET /api/homepage/hero', body: undefined },
      { call: 'PUT /api/homepage/hero', body: { ...onServer, cv_url: url } },
    ]);
    expect(control('CV URL').value).toBe(url);
    expect(control('Name').value).toBe('Unsaved Name');
  });
});

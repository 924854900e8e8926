// @vitest-environment happy-dom
/**
 * The first-run step (issue 44): name, title, institution and photo,
 * prefilled with what the home page shows, saved over the stored hero; a way
 * to skip it; the two imports.
 */
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { HeroContent, SectionRecord } from '../../api/types';
import { domPerTest, fakeServer } from '../page-texts/testing';
import { WelcomePage } from './WelcomePage';

const { toast } = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('sonner', () => ({ toast }));

const dom = domPerTest();

const SAMPLE: HeroContent = {
  name: 'Dr. Alex Lindberg',
  title: 'Associate Professor',
  institution: 'Department of Computer Science and Engineering, a Swedish university',
  bio: 'I research hardware security.',
  profile_image_url: '/profile-placeholder.svg',
  profile_image_alt: '',
  google_scholar_url: 'https://scholar.example.org/alex',
  cv_url: '',
  phone: '',
  website_url: '',
  linkedin_url: '',
};

function record(content: HeroContent, stored: boolean): SectionRecord<HeroContent> {
  return { section: 'hero', content, updated_at: stored ? '2026-01-01T00:00:00Z' : null };
}

function control(label: string): HTMLInputElement {
  const element = [...dom.container().querySelectorAll('label')].find((l) => l.textContent === label);
  const input = element && dom.container().querySelector<HTMLInputElement>(`[id="${element.htmlFor}"]`);
  if (!input) throw new Error(`no field ${label}`);
  return input;
}

async function settle() {
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function type(label: string, value: string) {
  const input = control(label);
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  await act(async () => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function renderPage() {
  await dom.render(
    <MemoryRouter>
      <WelcomePage />
    </MemoryRouter>,
  );
  await settle();
}

describe('WelcomePage', () => {
  it("starts from the home page's name, title and institution, and offers to skip and the two imports", async () => {
    fakeServer({ status: 200, body: record(SAMPLE, false) });
    await renderPage();
    expect(dom.container().querySelector('h1')?.textContent).toBe('Welcome');
    expect(control('Name').value).toBe('Dr. Alex Lindberg');
    expect(control('Title').value).toBe('Associate Professor');
    expect(control('Institution').value).toBe(SAMPLE.institution);
    expect(dom.container().querySelector('img')?.getAttribute('src')).toBe('/profile-placeholder.svg');
    const links = [...dom.container().querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toContainEqual(['Skip for now', '/admin']);
    expect(links).toContainEqual(['Import a site', '/admin/import-site']);
    expect([...dom.container().querySelectorAll('button')].map((b) => b.textContent)).toContain('Import BibTeX');
  });

  it('saves the four fields over the hero as stored, keeping the rest, and says it is on the site', async () => {
    const mine = { ...SAMPLE, name: 'Dr. Maria Keller', title: 'Professor', institution: 'Lund University' };
    const requests = fakeServer(
      { status: 200, body: record(SAMPLE, false) },
      // Read again before the save: the hero's other fields as stored now.
      { status: 200, body: record({ ...SAMPLE, phone: '+46 46 222 00 00' }, true) },
      { status: 200, body: record({ ...mine, phone: '+46 46 222 00 00' }, true) },
    );
    await renderPage();
    await type('Name', ' Dr. Maria Keller ');
    await type('Title', 'Professor');
    await type('Institution', 'Lund University');
    await act(async () => {
      dom.container().querySelector<HTMLFormElement>('form[aria-label="Introduce yourself"]')?.requestSubmit();
    });
    await settle();
    await settle();
    expect(requests.map((request) => request.call)).toEqual(['GET /api/homepage/hero', 'GET /api/homepage/hero', 'PUT /api/homepage/hero']);
    expect(requests[2]?.body).toEqual({ ...mine, phone: '+46 46 222 00 00' });
    const status = dom.container().querySelector('[role="status"]');
    expect(status?.textContent).toContain('Your home page shows Dr. Maria Keller.');
    expect(status?.querySelector('a')?.getAttribute('href')).toBe('/');
    const next = [...dom.container().querySelectorAll('a')].find((a) => a.getAttribute('href') === '/admin');
    expect(next?.textContent).toBe('Go to the dashboard');
  });
});

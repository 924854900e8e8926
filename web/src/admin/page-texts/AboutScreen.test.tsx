// @vitest-environment happy-dom
/** The About screen's choice per block (issue 44): free text, or the CV's list with a link to where that list is edited. */
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { AboutContent, SectionRecord } from '../../api/types';
import { aboutContent } from '../../testing/fixtures';
import { AboutScreen } from './AboutScreen';
import { domPerTest, fakeServer } from './testing';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const dom = domPerTest();

function stored(content: AboutContent): SectionRecord<AboutContent> {
  return { section: 'about', content, updated_at: '2026-01-01T00:00:00Z' };
}

/** The control a label names. */
function control<T extends HTMLElement>(label: string): T | null {
  const element = [...dom.container().querySelectorAll('label')].find((l) => l.textContent === label);
  return element ? (dom.container().querySelector<T>(`[id="${element.htmlFor}"]`) ?? null) : null;
}

async function settle() {
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function renderScreen() {
  await dom.render(
    <MemoryRouter>
      <AboutScreen />
    </MemoryRouter>,
  );
  await settle();
}

/** The settings the page's "Sentences on this page" card reads once the page's text has loaded. */
const NO_SENTENCES = { status: 200, body: { texts: {} } };

describe('AboutScreen', () => {
  it('offers free text or the CV list for Education, Experience, Awards and Service, free text by default', async () => {
    fakeServer({ status: 200, body: stored(aboutContent({ education: 'PhD, KTH' })) }, NO_SENTENCES);
    await renderScreen();
    for (const block of ['Education', 'Experience', 'Awards', 'Service']) {
      const choice = control<HTMLSelectElement>(`${block} shows`);
      expect(choice?.value, block).toBe('text');
      expect([...(choice?.options ?? [])].map((option) => option.text)).toEqual(['Free text', "The CV's list"]);
      expect(control(block), block).not.toBeNull();
    }
    expect(control('Background shows')).toBeNull();
    expect(control<HTMLTextAreaElement>('Education')?.value).toBe('PhD, KTH');
  });

  it("shows where the CV's list is edited in place of the text, and saves the choice with the text kept", async () => {
    const requests = fakeServer({ status: 200, body: stored(aboutContent({ education: 'PhD, KTH', awards_source: 'cv' })) }, NO_SENTENCES, {
      status: 200,
      body: stored(aboutContent({ education: 'PhD, KTH', education_source: 'cv', awards_source: 'cv' })),
    });
    await renderScreen();
    // A block stored with the CV's list says so, with the link to its CV screen.
    expect(control('Awards')).toBeNull();
    const awardsLink = dom.container().querySelector<HTMLAnchorElement>('a[href="/admin/cv-awards"]');
    expect(awardsLink?.textContent).toBe('CV: Awards and Honours');

    const education = control<HTMLSelectElement>('Education shows') as HTMLSelectElement;
    await act(async () => {
      education.value = 'cv';
      education.dispatchEvent(new Event('change', { bubbles: true }));
    });
    expect(control('Education')).toBeNull();
    expect(dom.container().querySelector('a[href="/admin/cv-education"]')?.textContent).toBe('CV: Education');
    expect(dom.container().textContent).toContain('Your free text is kept, unseen');

    await act(async () => {
      dom.container().querySelector('form')?.requestSubmit();
    });
    await settle();
    const put = requests.find((request) => request.call === 'PUT /api/homepage/about');
    expect(put?.body).toMatchObject({ education: 'PhD, KTH', education_source: 'cv', awards_source: 'cv', experience_source: 'text' });
  });
});

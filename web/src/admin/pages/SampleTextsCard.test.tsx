// @vitest-environment happy-dom
/** The dashboard's list of sample texts still live (issue 44), from `GET /api/admin/sample-texts`. */
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SampleText } from '../../api/types';
import { domPerTest, fakeServer } from '../page-texts/testing';
import { SampleTextsCard, groupByPlace } from './SampleTextsCard';

const dom = domPerTest();

function sample(key: string, place: string, label: string, text: string, edit_path: string): SampleText {
  return { key, place, label, text, edit_path };
}

const NAME = sample('hero.name', 'Homepage: hero', 'Name', 'Dr. Alex Lindberg', '/admin/homepage');
const BIO = sample('hero.bio', 'Homepage: hero', 'Short bio', 'I research hardware security…', '/admin/homepage');
const ABOUT_TITLE = sample('about.title', 'About page', 'Title', 'About Me', '/admin/about');

async function renderCard(texts: SampleText[]) {
  const requests = fakeServer({ status: 200, body: texts });
  await dom.render(
    <MemoryRouter>
      <SampleTextsCard />
    </MemoryRouter>,
  );
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
  return requests;
}

describe('SampleTextsCard', () => {
  it('groups the texts by the screen that edits them, in order', () => {
    expect(groupByPlace([NAME, BIO, ABOUT_TITLE]).map((group) => [group.place, group.editPath, group.texts.length])).toEqual([
      ['Homepage: hero', '/admin/homepage', 2],
      ['About page', '/admin/about', 1],
    ]);
  });

  it('names each sample text with a link to where it is edited, and offers the first-run step while the name is sample', async () => {
    const requests = await renderCard([NAME, BIO, ABOUT_TITLE]);
    expect(requests.map((request) => request.call)).toEqual(['GET /api/admin/sample-texts']);
    const card = dom.container().querySelector('section[aria-labelledby="sample-texts-title"]');
    expect(card?.querySelector('h2')?.textContent).toBe('Sample text still on your site');
    expect(card?.textContent).toContain('Visitors read these 3 texts as the site came.');
    expect([...(card?.querySelectorAll('h3') ?? [])].map((h) => h.firstChild?.textContent)).toEqual(['Homepage: hero', 'About page']);
    expect([...(card?.querySelectorAll('li li') ?? [])].map((li) => li.textContent)).toEqual([
      'Name: Dr. Alex Lindberg',
      'Short bio: I research hardware security…',
      'Title: About Me',
    ]);
    const edits = [...(card?.querySelectorAll('h3 a') ?? [])].map((a) => [a.getAttribute('href'), a.textContent]);
    expect(edits).toEqual([
      ['/admin/homepage', 'Edit Homepage: hero'],
      ['/admin/about', 'Edit About page'],
    ]);
    expect(card?.querySelector('a[href="/admin/welcome"]')?.textContent).toBe('Introduce yourself');
  });

  it('leaves out the first-run step once the hero is the owner’s', async () => {
    await renderCard([ABOUT_TITLE]);
    expect(dom.container().textContent).toContain('Visitors read this text as the site came.');
    expect(dom.container().querySelector('a[href="/admin/welcome"]')).toBeNull();
  });

  it('shows nothing when every text is the owner’s', async () => {
    await renderCard([]);
    expect(dom.container().innerHTML).toBe('');
  });
});

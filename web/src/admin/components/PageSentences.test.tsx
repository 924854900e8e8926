// @vitest-environment happy-dom
/** "Sentences on this page" (issue 44): a page's fixed sentences, each saved or reset on its own. */
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import vectors from '../../api/rule-vectors.json';
import type { SiteSettingsView } from '../../api/types';
import { domPerTest, fakeServer, type Reply } from '../page-texts/testing';
import { PageSentences, sentenceProblem } from './PageSentences';

const dom = domPerTest();

const SPEC_LINE = 'Recent research contributions in hardware security and embedded systems.';

/** The settings as `GET /api/settings` has them; only the sentences matter here. */
function settings(texts: Record<string, string>): SiteSettingsView {
  return { texts } as unknown as SiteSettingsView;
}

async function settle() {
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function renderCard(texts: Record<string, string>, ...replies: Reply[]) {
  const requests = fakeServer({ status: 200, body: settings(texts) }, ...replies);
  await dom.render(<PageSentences page="home" />);
  await settle();
  return requests;
}

function form(label: string): HTMLFormElement {
  const found = dom.container().querySelector<HTMLFormElement>(`form[aria-label="${label}"]`);
  if (!found) throw new Error(`no sentence ${label}`);
  return found;
}

const FEATURED = 'Under “Featured Publications”';

function input(label: string): HTMLInputElement {
  return form(label).querySelector('input')!;
}

function button(label: string, name: string): HTMLButtonElement {
  return [...form(label).querySelectorAll('button')].find((b) => b.textContent === name)!;
}

async function type(label: string, value: string) {
  const element = input(label);
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function click(element: HTMLButtonElement) {
  await act(async () => element.click());
  await settle();
}

describe('PageSentences', () => {
  it("lists the page's sentences with their defaults, showing what visitors read now", async () => {
    await renderCard({ 'home.research_areas_intro': 'What we ask.' });
    const card = dom.container().querySelector('[role="region"]');
    expect(card?.querySelector('h2')?.textContent).toBe('Sentences on this page');
    const labels = [...dom.container().querySelectorAll('label')].map((label) => label.textContent);
    expect(labels).toEqual(['Under “Research Areas”', 'Under “Featured Projects”', FEATURED]);
    expect(input('Under “Research Areas”').value).toBe('What we ask.');
    expect(input(FEATURED).value).toBe(SPEC_LINE);
    expect(form(FEATURED).textContent).toContain(`Default: “${SPEC_LINE}”`);
    // Each input is described by its default.
    const describedBy = input(FEATURED).getAttribute('aria-describedby')!;
    expect(document.getElementById(describedBy)?.textContent).toBe(`Default: “${SPEC_LINE}”`);
    // Nothing to save while unchanged; only the owner's own sentence has a default to go back to.
    expect(button(FEATURED, 'Save').disabled).toBe(true);
    expect(button(FEATURED, 'Use the default').disabled).toBe(true);
    expect(button('Under “Research Areas”', 'Use the default').disabled).toBe(false);
  });

  it('saves one sentence, trimmed, and shows what the server kept', async () => {
    const saved = settings({ 'home.featured_publications_intro': 'Papers on sea ice.' });
    const requests = await renderCard({}, { status: 200, body: saved });
    await type(FEATURED, '  Papers on sea ice.  ');
    await click(button(FEATURED, 'Save'));
    expect(requests.map((request) => [request.call, request.body])).toEqual([
      ['GET /api/settings', undefined],
      ['PUT /api/settings/texts', { 'home.featured_publications_intro': 'Papers on sea ice.' }],
    ]);
    expect(input(FEATURED).value).toBe('Papers on sea ice.');
    expect(button(FEATURED, 'Use the default').disabled).toBe(false);
  });

  it("'Use the default' sends an empty sentence and shows the default again", async () => {
    const requests = await renderCard({ 'home.featured_publications_intro': 'Papers on sea ice.' }, { status: 200, body: settings({}) });
    await click(button(FEATURED, 'Use the default'));
    expect(requests[1]).toEqual({ call: 'PUT /api/settings/texts', body: { 'home.featured_publications_intro': '' } });
    expect(input(FEATURED).value).toBe(SPEC_LINE);
  });

  it('checks the rules before sending, and shows a refusal of the server under its sentence', async () => {
    const refusal = {
      status: 422,
      body: { error: { code: 'validation', message: 'No', fields: { 'texts.home.featured_publications_intro': 'The server says no' } } },
    };
    const requests = await renderCard({}, refusal);
    await type(FEATURED, 'Papers <b>here</b>');
    await click(button(FEATURED, 'Save'));
    expect(requests).toHaveLength(1);
    expect(form(FEATURED).textContent).toContain('A sentence is plain text: leave out HTML tags such as <b>');
    expect(input(FEATURED).getAttribute('aria-invalid')).toBe('true');

    await type(FEATURED, 'Papers here.');
    await click(button(FEATURED, 'Save'));
    expect(requests).toHaveLength(2);
    expect(form(FEATURED).textContent).toContain('The server says no');
    expect(input(FEATURED).value).toBe('Papers here.');
  });

  it('agrees with the server on the shared rule vectors', () => {
    for (const { value, valid } of vectors.sentence) {
      expect([value, sentenceProblem(value) === undefined]).toEqual([value, valid]);
    }
    expect(sentenceProblem('a'.repeat(301))).toBe('A sentence must be at most 300 characters');
    expect(sentenceProblem(`  ${'a'.repeat(300)}  `)).toBeUndefined();
  });
});

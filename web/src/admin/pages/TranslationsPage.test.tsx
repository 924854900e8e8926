// @vitest-environment happy-dom
/** The Translations screen (issue 45): per language, the outdated and untranslated texts, saved and reviewed one by one. */
import { act } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { TranslatableText, TranslationList } from '../../api/types';
import { domPerTest, fakeServer } from '../page-texts/testing';
import { TranslationsPage, countByStatus, itemName, textsToShow } from './TranslationsPage';

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

const dom = domPerTest();

function text(field: string, status: TranslatableText['status'], source: string, translation: string | null): TranslatableText {
  return {
    kind: 'hero',
    item_id: 'hero',
    item_label: 'Hero',
    noun: 'hero',
    field,
    field_label: field.charAt(0).toUpperCase() + field.slice(1),
    format: field === 'bio' ? 'long' : 'short',
    source,
    translation,
    status,
  };
}

const TITLE = text('title', 'untranslated', 'Associate Professor', null);
const BIO = text('bio', 'outdated', 'I build secure chips and tools.', 'Ich baue sichere Chips.');
const INSTITUTION = text('institution', 'done', 'KTH', 'KTH Stockholm');

function list(texts: TranslatableText[]): TranslationList {
  return { lang: 'de', source_lang: 'en', texts };
}

async function settle() {
  await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function renderScreen(path = '/admin/translations?lang=de') {
  await dom.render(
    <MemoryRouter initialEntries={[path]}>
      <TranslationsPage />
    </MemoryRouter>,
  );
  await settle();
}

function rows(): HTMLElement[] {
  return [...dom.container().querySelectorAll<HTMLElement>('article')];
}

/** Types as a user does: through the element's own value setter, which React's change tracking sees. */
async function type(control: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(control), 'value')?.set?.call(control, value);
    control.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit(form: HTMLFormElement | null) {
  await act(async () => {
    form?.requestSubmit();
  });
  await settle();
}

describe('TranslationsPage', () => {
  it('lists the outdated first, then the untranslated, and the done ones only when asked', () => {
    expect(textsToShow([TITLE, INSTITUTION, BIO], false).map((t) => t.field)).toEqual(['bio', 'title']);
    expect(textsToShow([TITLE, INSTITUTION, BIO], true).map((t) => t.field)).toEqual(['bio', 'title', 'institution']);
    expect(countByStatus([TITLE, INSTITUTION, BIO])).toEqual({ untranslated: 1, outdated: 1, done: 1 });
  });

  it('names an item by its kind and label, a page text by its name', () => {
    expect(itemName({ noun: 'research area', item_label: 'Hardware security' })).toBe('Research area: Hardware security');
    expect(itemName({ noun: 'hero', item_label: 'Hero' })).toBe('Hero');
  });

  it('asks for a language before it lists anything', async () => {
    fakeServer();
    await renderScreen('/admin/translations');
    expect(dom.container().querySelector('h1')?.textContent).toBe('Translations');
    expect(rows()).toEqual([]);
  });

  it("shows each text's source beside its translation, each marked with its language", async () => {
    const requests = fakeServer({ status: 200, body: list([TITLE, BIO, INSTITUTION]) });
    await renderScreen();
    expect(requests.map((request) => request.call)).toEqual(['GET /api/admin/translations?lang=de']);
    expect(dom.container().textContent).toContain('1 outdated, 1 untranslated, 1 up to date.');
    expect(rows().map((row) => row.querySelector('h3')?.textContent)).toEqual(['Hero · Bio', 'Hero · Title']);
    const [bio, title] = rows();
    expect(bio?.textContent).toContain('Outdated');
    expect(bio?.querySelector('p[lang="en"]')?.textContent).toBe('I build secure chips and tools.');
    const bioField = bio?.querySelector<HTMLTextAreaElement>('textarea[lang="de"]');
    expect(bioField?.value).toBe('Ich baue sichere Chips.');
    expect(title?.querySelector<HTMLInputElement>('input[lang="de"]')?.value).toBe('');
    expect(title?.textContent).not.toContain('Mark as up to date');
  });

  it('saves a translation and reads the list again', async () => {
    const requests = fakeServer(
      { status: 200, body: list([TITLE]) },
      { status: 200, body: {} },
      { status: 200, body: list([{ ...TITLE, status: 'done', translation: 'Außerordentlicher Professor' }]) },
    );
    await renderScreen();
    const [title] = rows();
    await type(title?.querySelector('input') as HTMLInputElement, 'Außerordentlicher Professor');
    await submit(title?.querySelector('form') ?? null);
    expect(requests.map((request) => request.call)).toEqual([
      'GET /api/admin/translations?lang=de',
      'PUT /api/admin/translations/hero/hero/title/de',
      'GET /api/admin/translations?lang=de',
    ]);
    expect(requests[1]?.body).toEqual({ text: 'Außerordentlicher Professor' });
    expect(dom.container().textContent).toContain('Every text is translated and up to date.');
  });

  it('refuses a blank translation in the form, without asking the server', async () => {
    const requests = fakeServer({ status: 200, body: list([TITLE]) });
    await renderScreen();
    const [title] = rows();
    await type(title?.querySelector('input') as HTMLInputElement, '   ');
    await submit(title?.querySelector('form') ?? null);
    expect(title?.textContent).toContain('Write the translation');
    expect(requests).toHaveLength(1);
  });

  it('marks an outdated translation as up to date', async () => {
    const requests = fakeServer(
      { status: 200, body: list([BIO]) },
      { status: 200, body: {} },
      { status: 200, body: list([{ ...BIO, status: 'done' }]) },
    );
    await renderScreen();
    const button = [...dom.container().querySelectorAll('button')].find((b) => b.textContent === 'Mark as up to date');
    await act(async () => button?.click());
    await settle();
    expect(requests.map((request) => request.call)).toEqual([
      'GET /api/admin/translations?lang=de',
      'POST /api/admin/translations/hero/hero/bio/de/reviewed',
      'GET /api/admin/translations?lang=de',
    ]);
  });
});

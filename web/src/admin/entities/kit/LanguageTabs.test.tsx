// @vitest-environment happy-dom
/**
 * Language tabs on translatable fields (issue 45, item 7), in a news item's
 * form against a fake server: which fields get tabs, what a language's tab
 * shows and sends, a new item's disabled tabs, and none with one language.
 */
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HeroContent, NewsItem, NewsItemInput, TranslatableText, TranslationList } from '../../../api/types';
import { HERO_FORM } from '../../page-texts/HomepageScreen';
import { SectionForm } from '../../page-texts/SectionForm';
import { domPerTest } from '../../page-texts/testing';
import { newsForm, newsKind, type NewsValues } from '../news/schema';
import { EntityForm, type EntityFormSpec } from './EntityForm';
import { calls, fakeServer, type Reply } from './fake-server';
import { LanguageTabsOn } from './LanguageTabs';

const { toast } = vi.hoisted(() => ({ toast: { success: vi.fn(), error: vi.fn() } }));
vi.mock('sonner', () => ({ toast }));

const dom = domPerTest();

beforeEach(() => {
  toast.success.mockClear();
  toast.error.mockClear();
});

const spec: EntityFormSpec<NewsItem, NewsValues, NewsItemInput> = {
  ...newsForm,
  translation: 'news',
  fields: ({ Field }) => (
    <>
      <Field.Text name="title" label="Title" wide />
      <Field.TextArea name="content" label="Content" rows={5} wide />
      <Field.Text name="link_url" label="Link URL" type="url" wide />
    </>
  ),
};

const ITEM: NewsItem = {
  id: 'n1',
  title: 'Grant',
  content: 'We won.',
  date: '2026-01-05',
  link_url: null,
  link_text: null,
  featured: false,
  status: 'published',
  tag_ids: [],
  created_at: '2026-01-05T00:00:00Z',
  updated_at: '2026-01-05T00:00:00Z',
} as unknown as NewsItem;

const SETTINGS = 'GET /api/settings';
const LIST = 'GET /api/admin/translations?lang=de&kind=news&item=n1';
const TITLE_DE = '/api/admin/translations/news/n1/title/de';

function settings(...languages: [string, string][]): Reply {
  return { status: 200, body: { languages: languages.map(([tag]) => tag), language_names: languages } };
}

function text(field: string, source: string, status: TranslatableText['status'], translation: string | null): TranslatableText {
  const format = field === 'title' ? 'short' : 'long';
  return {
    kind: 'news',
    item_id: 'n1',
    item_label: 'Grant',
    noun: 'news item',
    field,
    field_label: field,
    format,
    source,
    translation,
    status,
  };
}

function texts(...entries: TranslatableText[]): Reply {
  const list: TranslationList = { lang: 'de', source_lang: 'en', texts: entries };
  return { status: 200, body: list };
}

async function settle() {
  for (let i = 0; i < 5; i += 1) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}

async function mount(item: NewsItem | null, { tabs = true } = {}) {
  const form = (
    <EntityForm kind={newsKind} spec={spec} item={item} frame="dialog" title="Edit News Item" submitNoun={null} onDone={() => {}} />
  );
  await dom.render(tabs ? <LanguageTabsOn>{form}</LanguageTabsOn> : form);
  await settle();
}

const tablists = () => [...dom.container().querySelectorAll('[role="tablist"]')].map((list) => list.getAttribute('aria-label'));

function tab(field: string, name: string): HTMLButtonElement {
  const list = dom.container().querySelector(`[role="tablist"][aria-label="${field}: language"]`);
  const found = [...(list?.querySelectorAll<HTMLButtonElement>('[role="tab"]') ?? [])].find((t) => t.textContent === name);
  if (!found) throw new Error(`no ${name} tab on ${field}`);
  return found;
}

/** Chooses a tab as a pointer does (Radix's tabs switch on mouse down). */
async function choose(trigger: HTMLElement) {
  await act(async () => {
    trigger.dispatchEvent(new MouseEvent('mousedown', { bubbles: true, button: 0 }));
  });
  await settle();
}

function control(label: string): HTMLInputElement | HTMLTextAreaElement {
  const found = [...dom.container().querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  const element = found ? document.getElementById(found.htmlFor) : null;
  if (!element) throw new Error(`no field ${label}`);
  return element as HTMLInputElement;
}

async function type(element: HTMLInputElement | HTMLTextAreaElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(element), 'value')?.set?.call(element, value);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

function button(name: string): HTMLButtonElement {
  const found = [...dom.container().querySelectorAll('button')].find((element) => element.textContent?.trim() === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
  await settle();
}

const panelText = () => dom.container().querySelector('[role="tabpanel"]:not([hidden]):not([data-state="inactive"])')?.textContent ?? '';

describe('language tabs', () => {
  it('put a tab per language on the translatable fields only, the field itself under the default one', async () => {
    fakeServer({ [SETTINGS]: [settings(['en', 'English'], ['de', 'Deutsch'])] });
    await mount(ITEM);
    expect(tablists()).toEqual(['Title: language', 'Content: language']);
    expect(tab('Title', 'English').getAttribute('aria-selected')).toBe('true');
    expect(tab('Title', 'Deutsch').getAttribute('aria-selected')).toBe('false');
    expect(control('Title').value).toBe('Grant');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([SETTINGS]);
  });

  it("show the source and save a field's translation through the API", async () => {
    fakeServer({
      [SETTINGS]: [settings(['en', 'English'], ['de', 'Deutsch'])],
      [LIST]: [texts(text('title', 'Grant', 'untranslated', null)), texts(text('title', 'Grant', 'done', 'Förderung'))],
      [`PUT ${TITLE_DE}`]: [{ status: 200, body: {} }],
    });
    await mount(ITEM);
    await choose(tab('Title', 'Deutsch'));
    expect(tab('Title', 'Deutsch').getAttribute('aria-selected')).toBe('true');
    expect(panelText()).toContain('Grant');
    expect(panelText()).toContain('Not translated yet');
    await type(control('Title in Deutsch'), 'Förderung');
    await click(button('Save translation'));
    expect(calls.find((call) => call.method === 'PUT')).toEqual({ method: 'PUT', path: TITLE_DE, body: { text: 'Förderung' } });
    expect(toast.success).toHaveBeenCalledWith('Success', { description: 'Translation saved' });
    expect(panelText()).toContain('Up to date');
    expect(control('Title in Deutsch').getAttribute('lang')).toBe('de');
    // The item's own title is untouched, and its form was not sent.
    expect(control('Title').value).toBe('Grant');
    expect(calls.some((call) => call.path.startsWith('/api/news'))).toBe(false);
  });

  it('say a translation is outdated, mark it up to date and delete it', async () => {
    const outdated = text('title', 'Grant awarded', 'outdated', 'Förderung');
    fakeServer({
      [SETTINGS]: [settings(['en', 'English'], ['de', 'Deutsch'])],
      [LIST]: [texts(outdated), texts({ ...outdated, status: 'done' }), texts({ ...outdated, status: 'untranslated', translation: null })],
      [`POST ${TITLE_DE}/reviewed`]: [{ status: 200, body: {} }],
      [`DELETE ${TITLE_DE}`]: [{ status: 204 }],
    });
    vi.stubGlobal(
      'confirm',
      vi.fn(() => true),
    );
    await mount(ITEM);
    await choose(tab('Title', 'Deutsch'));
    expect(panelText()).toContain('Outdated — the English text changed since');
    expect(control('Title in Deutsch').value).toBe('Förderung');
    await click(button('Mark as up to date'));
    expect(calls.some((call) => call.method === 'POST' && call.path === `${TITLE_DE}/reviewed`)).toBe(true);
    expect(panelText()).toContain('Up to date');
    await click(button('Delete translation'));
    expect(calls.some((call) => call.method === 'DELETE' && call.path === TITLE_DE)).toBe(true);
    expect(panelText()).toContain('Not translated yet');
    expect(control('Title in Deutsch').value).toBe('');
  });

  it("put the server's message under the translation", async () => {
    fakeServer({
      [SETTINGS]: [settings(['en', 'English'], ['de', 'Deutsch'])],
      [LIST]: [texts(text('title', 'Grant', 'untranslated', null))],
      [`PUT ${TITLE_DE}`]: [
        { status: 422, body: { error: { code: 'validation', message: 'Validation failed', fields: { text: 'Translation is too long' } } } },
      ],
    });
    await mount(ITEM);
    await choose(tab('Title', 'Deutsch'));
    await type(control('Title in Deutsch'), 'Förderung');
    await click(button('Save translation'));
    const input = control('Title in Deutsch');
    const errorId = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(errorId)?.textContent).toBe('Translation is too long');
  });

  it('are disabled on a new item, which has nothing to translate yet', async () => {
    fakeServer({ [SETTINGS]: [settings(['en', 'English'], ['de', 'Deutsch'])] });
    await mount(null);
    expect(tab('Title', 'Deutsch').disabled).toBe(true);
    expect(dom.container().textContent).toContain('Save the item first to translate it.');
    await choose(tab('Title', 'Deutsch'));
    expect(tab('Title', 'English').getAttribute('aria-selected')).toBe('true');
    expect(calls.map((call) => call.path)).toEqual(['/api/settings']);
  });

  it('are not there with one language, nor outside the admin app', async () => {
    fakeServer({ [SETTINGS]: [settings(['en', 'English'])] });
    await mount(ITEM);
    expect(tablists()).toEqual([]);
    expect(control('Title').value).toBe('Grant');

    fakeServer({});
    await mount(ITEM, { tabs: false });
    expect(tablists()).toEqual([]);
    expect(calls).toEqual([]);
  });

  it("are on a page text's translatable fields, its item being its section", async () => {
    const hero = { name: 'Ada Lovelace', title: 'Professor', bio: 'I compute.' } as HeroContent;
    fakeServer({
      [SETTINGS]: [settings(['en', 'English'], ['de', 'Deutsch'])],
      'GET /api/admin/translations?lang=de&kind=hero&item=hero': [
        texts({ ...text('title', 'Professor', 'done', 'Professorin'), kind: 'hero' }),
      ],
    });
    await dom.render(
      <LanguageTabsOn>
        <SectionForm
          section="hero"
          record={{ section: 'hero', content: hero, updated_at: null }}
          spec={HERO_FORM}
          submitLabel="Update"
          formLabel="Hero"
        >
          {({ Field }) => (
            <>
              <Field.Text name="name" label="Name" />
              <Field.Text name="title" label="Title" />
            </>
          )}
        </SectionForm>
      </LanguageTabsOn>,
    );
    await settle();
    expect(tablists()).toEqual(['Title: language']);
    await choose(tab('Title', 'Deutsch'));
    expect(control('Title in Deutsch').value).toBe('Professorin');
  });
});

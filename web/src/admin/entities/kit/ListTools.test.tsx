// @vitest-environment happy-dom
/**
 * The list tools of issue 44 on a real screen (News) against a fake server:
 * the page it asks for and the total it shows, the search after a pause in
 * the typing, selecting rows (one by one and all), one question before a
 * bulk delete and the undo of the toast; and a form's unsaved changes asked
 * about before its dialog closes (issue 44, item 5).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, type ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NewsItem } from '../../../api/types';
import { notify } from '../../toast';
import { hasUnsavedChanges } from '../../unsaved';
import NewsScreen from '../news/NewsScreen';
import { newsDefaults, newsInput } from '../news/schema';
import { ANY, listPath, PAGE_SIZE } from './api';
import { bulkDeleteQuestion } from './ListTools';
import { calls, fakeServer } from './fake-server';

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

async function settle(ms = 0) {
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, ms));
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

function checkbox(name: string): HTMLInputElement {
  const found = [...document.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].find(
    (element) => element.getAttribute('aria-label') === name || element.closest('label')?.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no checkbox ${name}`);
  return found;
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
  await settle();
}

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const item = (id: string, title: string): NewsItem => ({
  ...newsInput(newsDefaults()),
  id,
  created_at: '',
  updated_at: '',
  tags: [],
  title,
  content: 'Text.',
  date: '2025-03-04',
});

const FIRST_PAGE = `GET /api/admin/news?limit=${PAGE_SIZE}&offset=0`;
const TAGS = 'GET /api/admin/tags';

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('listPath', () => {
  it('sends the filters that are set, and the page as limit and offset', () => {
    const kind = { path: 'publications', label: 'Publication', noun: 'publication', saveFallback: '', deleteFallback: '' };
    expect(listPath(kind, ANY)).toBe('/api/admin/publications?limit=50&offset=0');
    expect(listPath(kind, { ...ANY, q: ' side channel ', year: '2024', sort: '-year', page: 3 })).toBe(
      '/api/admin/publications?q=side+channel&year=2024&sort=-year&limit=50&offset=100',
    );
  });

  it('asks one question for all the rows of a bulk delete', () => {
    const kind = { path: 'news', label: 'News item', noun: 'news item', saveFallback: '', deleteFallback: '' };
    expect(bulkDeleteQuestion(kind, 1)).toBe('Are you sure you want to delete this news item?');
    expect(bulkDeleteQuestion(kind, 3)).toBe('Are you sure you want to delete these 3 news items?');
  });
});

describe('a list that holds hundreds (News)', () => {
  it('shows the total, searches after a pause in the typing, and pages on', async () => {
    const rows = Array.from({ length: 50 }, (_, n) => item(`n${n}`, `Item ${n}`));
    fakeServer({
      [FIRST_PAGE]: [{ status: 200, body: rows, total: 120 }],
      [TAGS]: [{ status: 200, body: [] }],
      [`GET /api/admin/news?q=grant&limit=${PAGE_SIZE}&offset=0`]: [{ status: 200, body: [item('g', 'Grant awarded')], total: 1 }],
      [`GET /api/admin/news?limit=${PAGE_SIZE}&offset=50`]: [{ status: 200, body: rows, total: 120 }],
    });
    await render(<NewsScreen />);
    expect(text()).toContain('Showing 1–50 of 120');
    expect(text()).toContain('Page 1 of 3');
    await click(button('Next'));
    expect(text()).toContain('Showing 51–100 of 120');

    const search = document.querySelector<HTMLInputElement>('input[type="search"]')!;
    await type(search, 'grant');
    expect(calls.some((call) => call.path.includes('q=grant'))).toBe(false);
    await settle(100);
    expect(calls.filter((call) => call.path.includes('q=grant'))).toHaveLength(1);
    expect(text()).toContain('Grant awarded');
    expect(text()).toContain('Showing 1–1 of 1');
  });

  it('deletes the selected rows after one question, and the toast undoes it', async () => {
    fakeServer({
      [FIRST_PAGE]: [
        { status: 200, body: [item('a', 'First'), item('b', 'Second'), item('c', 'Third')], total: 3 },
        { status: 200, body: [item('c', 'Third')], total: 1 },
        { status: 200, body: [item('a', 'First'), item('b', 'Second'), item('c', 'Third')], total: 3 },
      ],
      [TAGS]: [{ status: 200, body: [] }],
      'POST /api/admin/news/bulk': [{ status: 200, body: { undo: 'token-1' } }],
      'POST /api/admin/undo/token-1': [{ status: 204 }],
    });
    const confirm = vi.fn(() => true);
    vi.stubGlobal('confirm', confirm);
    const undoable = vi.spyOn(notify, 'undoable').mockImplementation(() => {});
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    await render(<NewsScreen />);

    await click(checkbox('Select all on this page'));
    expect(text()).toContain('3 selected');
    await click(checkbox('Select Third'));
    expect(text()).toContain('2 selected');
    expect(checkbox('Select all on this page').indeterminate).toBe(true);

    await click(button('Delete'));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete these 2 news items?');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ action: 'delete', ids: ['a', 'b'] });
    expect(undoable).toHaveBeenCalledWith('2 news items deleted', expect.any(Function));
    expect(text()).not.toContain('selected');
    expect(text()).toContain('Showing 1–1 of 1');

    await act(async () => undoable.mock.calls[0]![1]());
    await settle();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/admin/undo/token-1')).toBe(true);
    expect(success).toHaveBeenCalledWith('The action was undone');
    expect(text()).toContain('Showing 1–3 of 3');
  });

  it('sends nothing when the owner says no to the question', async () => {
    fakeServer({ [FIRST_PAGE]: [{ status: 200, body: [item('a', 'First')], total: 1 }], [TAGS]: [{ status: 200, body: [] }] });
    vi.stubGlobal('confirm', () => false);
    await render(<NewsScreen />);
    await click(checkbox('Select First'));
    await click(button('Delete'));
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
    expect(text()).toContain('1 selected');
  });
});

describe('a dialog with unsaved changes', () => {
  it('asks before Escape closes it, and keeps the text when the owner says no', async () => {
    fakeServer({
      [FIRST_PAGE]: [{ status: 200, body: [], total: 0 }],
      [TAGS]: [
        { status: 200, body: [] },
        { status: 200, body: [] },
      ],
    });
    let answer = false;
    const confirm = vi.fn(() => answer);
    vi.stubGlobal('confirm', confirm);
    await render(<NewsScreen />);
    await click(button('Add News Item'));
    const pressEscape = async () => {
      await act(async () => {
        document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      });
      await settle();
    };
    // Nothing typed: closes without a question.
    await pressEscape();
    expect(confirm).not.toHaveBeenCalled();
    expect(document.querySelector('[role="dialog"]')).toBeNull();

    await click(button('Add News Item'));
    const title = document.querySelector<HTMLInputElement>('[role="dialog"] input[name="title"]')!;
    await type(title, 'Half-written news');
    await settle();
    expect(hasUnsavedChanges()).toBe(true);
    await pressEscape();
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(document.querySelector<HTMLInputElement>('[role="dialog"] input[name="title"]')?.value).toBe('Half-written news');

    answer = true;
    await pressEscape();
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(document.querySelector('[role="dialog"]')).toBeNull();
    expect(hasUnsavedChanges()).toBe(false);
  });
});

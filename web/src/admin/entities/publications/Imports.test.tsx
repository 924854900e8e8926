// @vitest-environment happy-dom
/**
 * Issue 44 on the publications screen against a fake server: the Source
 * filter's options and the request it makes, an import's papers removed with
 * one question and an Undo, and a duplicate DOI's message on the DOI field
 * with an "Open it" link that opens the stored paper's form.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImportSummary, Publication } from '../../../api/types';
import { publication } from '../../../testing/fixtures';
import { notify } from '../../toast';
import { DISCARD_QUESTION } from '../../unsaved';
import { PAGE_SIZE } from '../kit/api';
import { importDay, importName, removedMessage, removeQuestion, sourceOptions } from './Imports';
import PublicationsScreen from './PublicationsScreen';
import { calls, fakeServer } from '../kit/fake-server';

let root: Root | null = null;

async function render() {
  const container = document.createElement('div');
  document.body.append(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root = createRoot(container);
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/admin/publications']}>
          <Routes>
            <Route path="/admin/publications" element={<PublicationsScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  await settle();
}

async function settle() {
  for (let i = 0; i < 6; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find(
    (element) => element.getAttribute('aria-label') === name || element.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

function control<T extends HTMLElement>(label: string): T {
  const found = [...document.querySelectorAll('label')].find((element) => element.textContent?.trim() === label);
  const target = found && document.getElementById(found.htmlFor);
  if (!target) throw new Error(`no control labelled ${label}`);
  return target as T;
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

const FIRST_PAGE = `GET /api/admin/publications?limit=${PAGE_SIZE}&offset=0`;

const orcid: ImportSummary = {
  id: 'i-orcid',
  kind: 'orcid',
  label: '0000-0003-1444-9135',
  created_at: '2026-11-27T10:00:00Z',
  imported: 97,
  papers: 97,
  edited: 2,
};
const bib: ImportSummary = { ...orcid, id: 'i-bib', kind: 'bibtex', label: 'chiquet.bib', imported: 48, papers: 48, edited: 0 };

const stored: Publication = publication({ id: 'p-stored', title: 'Masking RISC-V', slug: 'masking-risc-v', year: 2021, doi: '10.1/abc' });

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

describe('the words of an import', () => {
  it('name its source and day, with the papers it still has', () => {
    expect(importDay('2026-11-27T10:00:00Z')).toBe('27 Nov 2026');
    expect(sourceOptions([orcid, bib])).toEqual([
      { value: 'manual', label: 'Added by hand' },
      { value: 'i-orcid', label: 'Imported from ORCID on 27 Nov 2026 (97)' },
      { value: 'i-bib', label: 'BibTeX: chiquet.bib on 27 Nov 2026 (48)' },
    ]);
    expect(importName({ ...bib, kind: 'site', label: 'hugo' })).toBe('Site (hugo) on 27 Nov 2026');
    expect(importName({ ...bib, kind: 'doi', label: '10.1/a, 10.1/b, 10.1/c, 10.1/d, 10.1/e, 10.1/f' })).toBe(
      'DOI: 10.1/a, 10.1/b, 10.1/c, 10.1/d, 10.1/e,… on 27 Nov 2026',
    );
  });

  it('ask once for all the papers and tell which were kept', () => {
    expect(removeQuestion(orcid)).toBe(
      'Remove the 95 publications of this import (Imported from ORCID on 27 Nov 2026)? 2 publications edited since the import will be kept.',
    );
    expect(removeQuestion(bib)).toBe('Remove the 48 publications of this import (BibTeX: chiquet.bib on 27 Nov 2026)?');
    const kept = [{ id: 'a', title: 'A' }];
    expect(removedMessage({ undo: 't', removed: 96, kept })).toBe('96 publications removed; 1 edited since the import was kept');
    expect(removedMessage({ undo: 't', removed: 48, kept: [] })).toBe('48 publications removed');
    expect(removedMessage({ undo: null, removed: 0, kept })).toBe(
      'Nothing was removed: the 1 publication left from this import was edited since',
    );
  });
});

describe('the publications screen', () => {
  it('filters by source', async () => {
    fakeServer({
      [FIRST_PAGE]: [{ status: 200, body: [stored], total: 1 }],
      [`GET /api/admin/publications?source=i-orcid&limit=${PAGE_SIZE}&offset=0`]: [{ status: 200, body: [], total: 0 }],
      'GET /api/admin/imports': [{ status: 200, body: [orcid, bib] }],
      'GET /api/admin/tags': [{ status: 200, body: [] }],
    });
    await render();
    const source = control<HTMLSelectElement>('Source');
    expect([...source.options].map((option) => option.textContent)).toEqual([
      'Any source',
      'Added by hand',
      'Imported from ORCID on 27 Nov 2026 (97)',
      'BibTeX: chiquet.bib on 27 Nov 2026 (48)',
    ]);
    await act(async () => {
      source.value = 'i-orcid';
      source.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await settle();
    expect(calls.map((call) => call.path)).toContain(`/api/admin/publications?source=i-orcid&limit=${PAGE_SIZE}&offset=0`);
    expect(document.body.textContent).toContain('No publications match the search and filters.');
  });

  it("removes an import's papers with one question, and its toast undoes it", async () => {
    const questions: string[] = [];
    vi.stubGlobal('confirm', (question: string) => {
      questions.push(question);
      return true;
    });
    const undoable = vi.spyOn(notify, 'undoable');
    fakeServer({
      [FIRST_PAGE]: [
        { status: 200, body: [stored], total: 1 },
        { status: 200, body: [], total: 0 },
        { status: 200, body: [stored], total: 1 },
      ],
      'GET /api/admin/imports': [
        { status: 200, body: [orcid] },
        { status: 200, body: [] },
        { status: 200, body: [orcid] },
      ],
      'GET /api/admin/tags': [{ status: 200, body: [] }],
      'POST /api/admin/imports/i-orcid/remove': [
        {
          status: 200,
          body: {
            undo: 'tok',
            removed: 95,
            kept: [
              { id: 'k1', title: 'K1' },
              { id: 'k2', title: 'K2' },
            ],
          },
        },
      ],
      'POST /api/admin/undo/tok': [{ status: 204 }],
    });
    await render();
    await click(button('Remove papers: Imported from ORCID on 27 Nov 2026'));
    expect(questions).toEqual([removeQuestion(orcid)]);
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/admin/imports/i-orcid/remove']);
    expect(undoable).toHaveBeenCalledTimes(1);
    const [message, onUndo] = undoable.mock.calls[0]!;
    expect(message).toBe('95 publications removed; 2 edited since the import were kept');
    await act(async () => onUndo());
    await settle();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      '/api/admin/imports/i-orcid/remove',
      '/api/admin/undo/tok',
    ]);
  });

  it('shows a duplicate DOI on the DOI field, with a link that opens the stored paper', async () => {
    const questions: string[] = [];
    vi.stubGlobal('confirm', (question: string) => {
      questions.push(question);
      return true;
    });
    const message = '“Masking RISC-V” (2021) already has this DOI.';
    fakeServer({
      [FIRST_PAGE]: [{ status: 200, body: [], total: 0 }],
      'GET /api/admin/imports': [{ status: 200, body: [] }],
      'GET /api/admin/tags': [{ status: 200, body: [] }],
      'POST /api/publications': [
        {
          status: 409,
          body: {
            error: {
              code: 'conflict',
              message,
              fields: { doi: message },
              existing: { id: 'p-stored', slug: 'masking-risc-v', title: 'Masking RISC-V' },
            },
          },
        },
      ],
      'GET /api/publications/p-stored': [{ status: 200, body: stored }],
    });
    await render();
    await click(button('Add Publication'));
    await type(control<HTMLInputElement>('Title'), 'Masking RISC-V again');
    await type(control<HTMLInputElement>('Venue'), 'CHES');
    const author = document.querySelector<HTMLInputElement>('[role="dialog"] input[aria-label^="Author"]');
    if (author) await type(author, 'Ada Lovelace');
    await type(control<HTMLInputElement>('DOI'), 'https://doi.org/10.1/ABC');
    await click(button('Create'));

    const doi = control<HTMLInputElement>('DOI');
    const said = document.getElementById(doi.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '');
    expect(said?.textContent).toBe(message);
    const slug = control<HTMLInputElement>('Slug');
    expect(slug.getAttribute('aria-invalid')).toBe('false');
    const open = [...document.querySelectorAll<HTMLAnchorElement>('[role="dialog"] a')].find((a) => a.textContent === 'Open it');
    expect(open?.getAttribute('href')).toBe('/admin/publications?edit=p-stored');

    await click(open!);
    expect(questions).toEqual([DISCARD_QUESTION]);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toContain('GET /api/publications/p-stored');
    expect(document.querySelector('[role="dialog"]')?.textContent).toContain('Edit Publication');
    expect(control<HTMLInputElement>('Title').value).toBe('Masking RISC-V');
  });
});

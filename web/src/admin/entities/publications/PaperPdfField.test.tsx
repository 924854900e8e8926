// @vitest-environment happy-dom
/**
 * The publication dialog's "Paper PDF" against a fake server: the stored name
 * goes in `pdf_file`, and objects nobody points at any more are deleted once
 * it is known what was saved (after Update or Cancel, and with a deleted row).
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Publication } from '../../../api/types';
import { publication } from '../../../testing/fixtures';
import PublicationsScreen from './PublicationsScreen';

type Reply = { status: number; body?: unknown };

let calls: { call: string; body: unknown }[] = [];

/** A fetch answering 'METHOD /path' from a queue of replies; a file body is recorded as its name. */
function fakeServer(routes: Record<string, Reply[]>) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${String(input)}`;
      const body = init?.body instanceof File ? init.body.name : init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ call, body });
      // A list's page is asked for with its query (`?limit=50&offset=0`): answered by its path.
      const reply = (routes[call] ?? routes[call.split('?')[0] ?? call])?.shift();
      if (!reply) throw new Error(`unexpected request ${call}`);
      return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), { status: reply.status });
    }),
  );
}

const writes = () => calls.map((c) => c.call).filter((call) => !call.startsWith('GET '));

let root: Root | null = null;

async function settle() {
  for (let i = 0; i < 5; i += 1) {
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

async function render() {
  const container = document.createElement('div');
  document.body.append(container);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await act(async () => {
    root = createRoot(container);
    root.render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <PublicationsScreen />
        </MemoryRouter>
      </QueryClientProvider>,
    );
  });
  await settle();
}

function button(name: string): HTMLButtonElement {
  const found = [...document.querySelectorAll('button')].find(
    (element) => element.getAttribute('aria-label') === name || element.textContent?.trim() === name,
  );
  if (!found) throw new Error(`no button ${name}`);
  return found;
}

async function click(element: HTMLElement) {
  await act(async () => element.click());
  await settle();
}

async function pickPdf(name: string) {
  const input = document.querySelector<HTMLInputElement>('[role="dialog"] input[type=file]')!;
  Object.defineProperty(input, 'files', { value: [new File(['%PDF-1.7'], name, { type: 'application/pdf' })], configurable: true });
  await act(async () => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
  await settle();
}

const uploaded = (name: string) => ({
  bucket: 'paper-pdfs',
  name,
  url: `/files/paper-pdfs/${name}`,
  content_type: 'application/pdf',
  size: 8,
});

const paper: Publication = publication({ id: 'p1', title: 'Masking', status: 'published', pdf_file: '1-old.pdf' });

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

describe('the Paper PDF field', () => {
  it('saves a replacement with the form, then deletes the PDF it replaced', async () => {
    fakeServer({
      'GET /api/admin/publications': [
        { status: 200, body: [paper] },
        { status: 200, body: [{ ...paper, pdf_file: '2-new.pdf' }] },
      ],
      'POST /api/uploads/paper-pdfs?filename=new.pdf': [{ status: 201, body: uploaded('2-new.pdf') }],
      'PUT /api/publications/p1': [{ status: 200, body: { ...paper, pdf_file: '2-new.pdf' } }],
      'DELETE /api/uploads/paper-pdfs/1-old.pdf': [{ status: 204 }],
    });
    await render();
    await click(button('Edit Masking'));
    const current = document.querySelector<HTMLAnchorElement>('[role="dialog"] a[href^="/files/paper-pdfs/"]');
    expect(current?.getAttribute('href')).toBe('/files/paper-pdfs/1-old.pdf');
    await pickPdf('new.pdf');
    expect(writes()).toEqual(['POST /api/uploads/paper-pdfs?filename=new.pdf']);
    await click(button('Update'));
    expect(calls.find((c) => c.call.startsWith('PUT'))?.body).toMatchObject({ pdf_file: '2-new.pdf', pdf_url: paper.pdf_url });
    expect(writes()).toEqual([
      'POST /api/uploads/paper-pdfs?filename=new.pdf',
      'PUT /api/publications/p1',
      'DELETE /api/uploads/paper-pdfs/1-old.pdf',
    ]);
  });

  it('keeps the stored PDF on Cancel and deletes the upload nobody saved', async () => {
    fakeServer({
      'GET /api/admin/publications': [{ status: 200, body: [paper] }],
      'POST /api/uploads/paper-pdfs?filename=new.pdf': [{ status: 201, body: uploaded('2-new.pdf') }],
      'DELETE /api/uploads/paper-pdfs/2-new.pdf': [{ status: 204 }],
    });
    await render();
    await click(button('Edit Masking'));
    await click(button('Remove'));
    await pickPdf('new.pdf');
    await click(button('Cancel'));
    expect(writes()).toEqual(['POST /api/uploads/paper-pdfs?filename=new.pdf', 'DELETE /api/uploads/paper-pdfs/2-new.pdf']);
  });

  it('removes the PDF with the form and deletes it once saved', async () => {
    fakeServer({
      'GET /api/admin/publications': [
        { status: 200, body: [paper] },
        { status: 200, body: [{ ...paper, pdf_file: null }] },
      ],
      'PUT /api/publications/p1': [{ status: 200, body: { ...paper, pdf_file: null } }],
      'DELETE /api/uploads/paper-pdfs/1-old.pdf': [{ status: 204 }],
    });
    await render();
    await click(button('Edit Masking'));
    await click(button('Remove'));
    expect(writes()).toEqual([]);
    await click(button('Update'));
    expect(calls.find((c) => c.call.startsWith('PUT'))?.body).toMatchObject({ pdf_file: null });
    expect(writes()).toEqual(['PUT /api/publications/p1', 'DELETE /api/uploads/paper-pdfs/1-old.pdf']);
  });

  it("deletes a deleted publication's PDF", async () => {
    vi.stubGlobal('confirm', () => true);
    fakeServer({
      'GET /api/admin/publications': [
        { status: 200, body: [paper] },
        { status: 200, body: [] },
      ],
      'DELETE /api/publications/p1': [{ status: 204 }],
      'DELETE /api/uploads/paper-pdfs/1-old.pdf': [{ status: 204 }],
    });
    await render();
    await click(button('Delete Masking'));
    expect(writes()).toEqual(['DELETE /api/publications/p1', 'DELETE /api/uploads/paper-pdfs/1-old.pdf']);
  });
});

describe('Fill from DOI', () => {
  it('fills the slug from the filled-in title, as typing the title does (issue 44)', async () => {
    fakeServer({
      'GET /api/admin/publications': [{ status: 200, body: [] }],
      'POST /api/scholarly/doi-lookup': [
        {
          status: 200,
          body: {
            record: {
              publication: { ...publication({ title: 'Vector Quotient Filters', doi: '10.1145/3448016.3452841' }), bibtex: null },
              bibtex: null,
              source: 'Crossref',
            },
            duplicate_of: null,
          },
        },
      ],
    });
    await render();
    await click(button('Add Publication'));
    const doi = [...document.querySelectorAll<HTMLInputElement>('[role="dialog"] input')].find((input) =>
      document.querySelector(`label[for="${input.id}"]`)?.textContent?.includes('Fill from DOI'),
    )!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(doi, '10.1145/3448016.3452841');
      doi.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(button('Fill'));
    const slug = [...document.querySelectorAll<HTMLInputElement>('[role="dialog"] input')].find(
      (input) => document.querySelector(`label[for="${input.id}"]`)?.textContent?.trim() === 'Slug',
    );
    expect(slug?.value).toBe('vector-quotient-filters');
  });
});

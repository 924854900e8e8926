// @vitest-environment happy-dom
/**
 * The import dialogs (issue 44, item 6): a work of the ORCID record without a
 * year shows its title, and a Year field once years can be given; a valid year
 * makes it one of the imported entries, with that year. The .bib file is
 * chosen on a drop zone like every other upload.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ImportedPublication, ImportPreview, PreviewEntry } from '../../../api/types';
import { ImportBibtexButton, PreviewChoices } from './ImportBibtex';

const WORK: ImportedPublication = {
  title: 'Undated notes on phylogenies',
  authors: ['Carl Boettiger'],
  kind: 'journal-article',
  venue: '',
  year: 0,
  month: null,
  volume: null,
  issue: null,
  pages: null,
  publisher: null,
  doi: null,
  url: null,
  pdf_url: null,
  abstract: null,
  featured: false,
};

function entry(index: number, overrides: Partial<PreviewEntry>): PreviewEntry {
  return {
    index,
    line: index + 1,
    key: `put-code ${9000 + index}`,
    status: 'new',
    publication: { ...WORK, title: `Work ${index}`, year: 2020 },
    reason: null,
    duplicate_of: null,
    note: null,
    needs_year: false,
    ...overrides,
  };
}

const PREVIEW: ImportPreview = {
  entries: [
    entry(0, {}),
    entry(1, { status: 'invalid', publication: WORK, reason: 'Year must be between 1000 and 9999', needs_year: true }),
  ],
  new: 1,
  duplicates: 0,
  invalid: 1,
};

let root: Root | null = null;

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

function render(giveYears: boolean) {
  const onImport = vi.fn();
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  act(() => {
    root?.render(
      <PreviewChoices
        result={PREVIEW}
        caption="Works"
        pending={false}
        error={null}
        giveYears={giveYears}
        onBack={() => undefined}
        onImport={onImport}
      />,
    );
  });
  return onImport;
}

const yearField = () => document.querySelector<HTMLInputElement>('input[aria-label^="Year of Undated notes on phylogenies"]');
const importButton = () => [...document.querySelectorAll('button')].find((b) => b.textContent?.startsWith('Import'));

function type(input: HTMLInputElement, value: string) {
  act(() => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('a work without a year', () => {
  it('shows its title, not its put-code, with the reason', () => {
    render(true);
    expect(document.body.textContent).toContain('Undated notes on phylogenies');
    expect(document.body.textContent).not.toContain('put-code 9001');
    expect(document.body.textContent).toContain('Year must be between 1000 and 9999');
  });

  it('is imported with the year the owner types, and only a four-digit year counts', () => {
    const onImport = render(true);
    expect(importButton()?.textContent).toBe('Import 1 entry');
    const field = yearField();
    expect(field).not.toBeNull();
    type(field!, '19');
    expect(field?.getAttribute('aria-invalid')).toBe('true');
    expect(importButton()?.textContent).toBe('Import 1 entry');
    type(field!, '2019');
    expect(field?.getAttribute('aria-invalid')).toBe('false');
    expect(importButton()?.textContent).toBe('Import 2 entries');
    act(() => importButton()?.click());
    const [pick, years] = onImport.mock.calls[0] as [(choice: string) => number[], unknown];
    expect(pick('import')).toEqual([0, 1]);
    expect(years).toEqual([{ index: 1, year: 2019 }]);
  });

  it('takes no year in the BibTeX import (it says its own year)', () => {
    render(false);
    expect(yearField()).toBeNull();
    expect(document.body.textContent).toContain('Skipped');
  });
});

describe('the .bib file', () => {
  it('is dropped on a drop zone and its text fills the box', async () => {
    const container = document.createElement('div');
    document.body.append(container);
    root = createRoot(container);
    act(() => {
      root?.render(
        <QueryClientProvider client={new QueryClient()}>
          <ImportBibtexButton />
        </QueryClientProvider>,
      );
    });
    act(() => [...document.querySelectorAll('button')].find((b) => b.textContent === 'Import BibTeX')?.click());
    const zone = document.querySelector<HTMLElement>('[data-testid="bibtex-dropzone"]');
    expect(zone?.closest('fieldset')?.getAttribute('aria-labelledby')).toBe('bibtex-file');
    expect(zone?.textContent).toContain('Choose file');
    const bib = '@article{k, title={Dropped}, author={A B}, year=2020}';
    const drop = new Event('drop', { bubbles: true, cancelable: true });
    Object.defineProperty(drop, 'dataTransfer', { value: { files: [new File([bib], 'papers.bib', { type: 'text/plain' })] } });
    await act(async () => {
      zone?.dispatchEvent(drop);
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(document.querySelector<HTMLTextAreaElement>('#bibtex-text')?.value).toBe(bib);
  });
});

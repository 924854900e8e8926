// @vitest-environment happy-dom
/**
 * The guard of unsaved changes in a data router: a link away from a page
 * whose form holds unsaved changes asks first and stays on the page when
 * the owner says no; a change of the query alone (a list's search) never
 * asks; a page with nothing unsaved leaves without a question; a reload is
 * held for the browser's own question.
 */
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DISCARD_QUESTION, useUnsavedChanges } from '../unsaved';
import { UnsavedChangesGuard } from './UnsavedChangesGuard';

function FormPage() {
  const [text, setText] = useState('');
  useUnsavedChanges(text !== '');
  return (
    <>
      <UnsavedChangesGuard />
      <h1>Form</h1>
      <input aria-label="Title" value={text} onChange={(event) => setText(event.target.value)} />
      <Link to="/admin">Dashboard</Link>
      <Link to="/admin/form?q=x">Search</Link>
    </>
  );
}

let root: Root | null = null;

async function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/admin/form', element: <FormPage /> },
      { path: '/admin', element: <h1>Dashboard</h1> },
    ],
    { initialEntries: [path] },
  );
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    root = createRoot(container);
    root.render(<RouterProvider router={router} />);
  });
  return router;
}

const heading = () => document.querySelector('h1')?.textContent;

async function click(name: string) {
  const link = [...document.querySelectorAll('a')].find((a) => a.textContent === name)!;
  await act(async () => link.click());
}

async function type(value: string) {
  const input = document.querySelector('input')!;
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('UnsavedChangesGuard', () => {
  it('asks before a link leaves unsaved changes, and stays when the owner says no', async () => {
    let answer = false;
    const confirm = vi.fn(() => answer);
    vi.stubGlobal('confirm', confirm);
    const router = await renderAt('/admin/form');
    await type('Half typed');

    await click('Search');
    expect(confirm).not.toHaveBeenCalled();
    expect(router.state.location.search).toBe('?q=x');

    await click('Dashboard');
    expect(confirm).toHaveBeenCalledWith(DISCARD_QUESTION);
    expect(heading()).toBe('Form');
    expect(document.querySelector('input')?.value).toBe('Half typed');
    const reload = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(reload);
    expect(reload.defaultPrevented).toBe(true);

    answer = true;
    await click('Dashboard');
    expect(confirm).toHaveBeenCalledTimes(2);
    expect(heading()).toBe('Dashboard');
  });

  it('leaves a page with nothing unsaved without a question', async () => {
    const confirm = vi.fn(() => false);
    vi.stubGlobal('confirm', confirm);
    await renderAt('/admin/form');
    await click('Dashboard');
    expect(confirm).not.toHaveBeenCalled();
    expect(heading()).toBe('Dashboard');
  });
});

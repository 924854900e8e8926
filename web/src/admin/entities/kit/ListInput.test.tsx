// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { ListInput } from './ListInput';
import { listRows } from './values';

let root: Root | null = null;
let latest: string[] = [];

function Harness({ initial }: { initial: string[] }) {
  const [values, setValues] = useState(initial);
  latest = values;
  return (
    <ListInput label="Authors" itemLabel="Author" values={values} onChange={setValues} error={{ 1: { message: 'Author is required' } }} />
  );
}

async function mount(initial: string[]) {
  const container = document.createElement('div');
  document.body.append(container);
  await act(async () => {
    root = createRoot(container);
    root.render(<Harness initial={initial} />);
  });
  return container;
}

const rows = (container: HTMLElement) => [...container.querySelectorAll<HTMLInputElement>('input')];
const button = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find((element) => (element.getAttribute('aria-label') ?? element.textContent) === name);

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('ListInput', () => {
  it('always has a row to type into', () => {
    expect(listRows(null)).toEqual(['']);
    expect(listRows([])).toEqual(['']);
    expect(listRows(['Ada'])).toEqual(['Ada']);
  });

  it('offers no remove button while only one row exists', async () => {
    const container = await mount(['Ada']);
    expect(rows(container).map((input) => input.getAttribute('aria-label'))).toEqual(['Author 1']);
    expect(button(container, 'Remove author 1')).toBeUndefined();
    expect(container.querySelector('legend')?.textContent).toBe('Authors');
  });

  it('adds a row, focuses it, and removes rows down to one', async () => {
    const container = await mount(['Ada']);
    await act(async () => button(container, 'Add Author')?.click());
    expect(latest).toEqual(['Ada', '']);
    expect(document.activeElement).toBe(rows(container)[1]);
    expect(button(container, 'Remove author 1')).toBeDefined();

    await act(async () => button(container, 'Remove author 1')?.click());
    expect(latest).toEqual(['']);
    expect(button(container, 'Remove author 1')).toBeUndefined();
  });

  it('shows a row message next to its row', async () => {
    const container = await mount(['Ada', '']);
    const second = rows(container)[1]!;
    expect(second.getAttribute('aria-invalid')).toBe('true');
    const described = container.querySelector(`#${CSS.escape(second.getAttribute('aria-describedby') ?? '')}`);
    expect(described?.textContent).toBe('Author is required');
    expect(rows(container)[0]!.getAttribute('aria-invalid')).toBe('false');
  });
});

// @vitest-environment happy-dom
import { act, useState } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { RichTextEditor } from './RichTextEditor';

let container: HTMLDivElement;
let root: Root;
let setValue: (html: string) => void = () => {};
const changes: string[] = [];

function Harness({ initial, error }: { initial: string; error?: string }) {
  const [value, set] = useState(initial);
  setValue = set;
  return (
    <RichTextEditor
      label="Requirements"
      hint="Shown on the public page."
      error={error}
      value={value}
      onChange={(html) => {
        changes.push(html);
        set(html);
      }}
    />
  );
}

async function render(initial: string, error?: string) {
  await act(async () => root.render(<Harness initial={initial} error={error} />));
}

const textbox = () => container.querySelector<HTMLElement>('[role="textbox"]')!;
const button = (name: string) => container.querySelector<HTMLButtonElement>(`button[aria-label="${name}"]`)!;

beforeEach(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  changes.length = 0;
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
});

describe('RichTextEditor', () => {
  it('names the editing area after its label and describes it with the hint and error', async () => {
    await render('<p>Hello</p>', 'Requirements must be at most 200000 characters');
    const area = textbox();
    const label = document.getElementById(area.getAttribute('aria-labelledby')!);
    expect(label?.textContent).toBe('Requirements');
    expect(area.getAttribute('aria-multiline')).toBe('true');
    expect(area.getAttribute('aria-invalid')).toBe('true');
    const described = area
      .getAttribute('aria-describedby')!
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Shown on the public page.', 'Requirements must be at most 200000 characters']);
    expect(area.innerHTML).toContain('Hello');
  });

  it('offers the toolbar buttons by name, toggles showing as pressed', async () => {
    await render('<p>plain <strong>bold</strong></p>');
    for (const name of ['Bold', 'Italic', 'Bullet list', 'Numbered list', 'Link', 'Undo', 'Redo']) {
      expect(button(name), name).not.toBeNull();
    }
    expect(container.querySelector('[role="group"]')?.getAttribute('aria-label')).toBe('Requirements formatting');
    expect(button('Bold').getAttribute('aria-pressed')).toBe('false');
    expect(button('Undo').disabled).toBe(true);
  });

  it('reports its HTML when the toolbar changes the document', async () => {
    await render('<p>one</p>');
    await act(async () => button('Bullet list').click());
    expect(changes.at(-1)).toBe('<ul><li><p>one</p></li></ul>');
    expect(button('Bullet list').getAttribute('aria-pressed')).toBe('true');
    expect(button('Undo').disabled).toBe(false);
  });

  it('shows a value set from outside (a form reset) without reporting it back', async () => {
    await render('<p>old</p>');
    await act(async () => setValue('<p><em>new</em></p>'));
    expect(textbox().innerHTML).toContain('<em>new</em>');
    await act(async () => setValue(''));
    expect(textbox().textContent).toBe('');
    expect(changes).toEqual([]);
  });
});

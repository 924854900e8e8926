// @vitest-environment happy-dom
/** The tag picker: a group named "Tags" of native checkboxes (keyboard and screen readers work as for any checkbox). */
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Tag } from '../../../api/types';
import { TagPicker } from './TagPicker';

const tag = (id: string, name: string, color: string): Tag => ({ id, name, slug: id, color, created_at: '', updated_at: '' });
const TAGS = [tag('a', 'Side channels', '#dc2626'), tag('b', 'Fault attacks', '#2563eb')];

let root: Root | null = null;

function render(props: Parameters<typeof TagPicker>[0]) {
  const container = document.createElement('div');
  document.body.append(container);
  act(() => {
    root = createRoot(container);
    root.render(<TagPicker {...props} />);
  });
  return container;
}

afterEach(() => {
  act(() => root?.unmount());
  document.body.innerHTML = '';
});

const boxes = (container: HTMLElement) => [...container.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')];

describe('TagPicker', () => {
  it('is a group named Tags with one labelled checkbox per tag, showing its colour and whether it is picked', () => {
    const container = render({ tags: TAGS, value: ['b'], onChange: () => {} });
    expect(container.querySelector('fieldset > legend')?.textContent).toBe('Tags');
    expect(boxes(container).map((box) => [box.closest('label')?.textContent, box.checked])).toEqual([
      ['Side channels', false],
      ['Fault attacks', true],
    ]);
    const dots = [...container.querySelectorAll<HTMLElement>('label span[aria-hidden="true"]')].map((dot) => dot.style.backgroundColor);
    expect(dots).toHaveLength(2);
    expect(dots.every((colour) => colour !== '')).toBe(true);
  });

  it('adds and removes a tag when its checkbox is toggled (Space on the focused box, or a click)', () => {
    const onChange = vi.fn();
    const container = render({ tags: TAGS, value: ['b'], onChange });
    const [side, faults] = boxes(container);
    side!.focus();
    expect(document.activeElement).toBe(side);
    act(() => side!.click());
    expect(onChange).toHaveBeenLastCalledWith(['b', 'a']);
    act(() => faults!.click());
    expect(onChange).toHaveBeenLastCalledWith([]);
  });

  it('says where tags are made when there are none, and shows the server message', () => {
    const container = render({ tags: [], value: [], onChange: () => {}, error: 'Unknown tag: x' });
    expect(container.querySelector('a[href="/admin/tags"]')).not.toBeNull();
    expect(container.textContent).toContain('Unknown tag: x');
    expect(container.querySelector('fieldset')?.getAttribute('aria-invalid')).toBe('true');
  });
});

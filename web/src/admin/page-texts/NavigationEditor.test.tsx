// @vitest-environment happy-dom
/** The Navigation card of Site Settings: order with Up and Down, Shown, links added and removed, reset. */
import { act, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { MenuItem, MenuPage } from '../../api/types';
import { NavigationEditor, linkProblem, moved } from './NavigationEditor';
import { domPerTest } from './testing';

const PAGES: MenuPage[] = [
  { page: 'home', label: 'Home', path: '/', can_be_empty: false },
  { page: 'blog', label: 'Blog', path: '/blog', can_be_empty: true },
  { page: 'news', label: 'News', path: '/news', can_be_empty: true },
];
const DEFAULT: MenuItem[] = [
  { kind: 'page', page: 'home', shown: true },
  { kind: 'page', page: 'blog', shown: true },
  { kind: 'page', page: 'news', shown: false },
];

let latest: MenuItem[] = DEFAULT;
function Harness() {
  const [items, setItems] = useState<MenuItem[]>(DEFAULT);
  latest = items;
  return <NavigationEditor items={items} onChange={setItems} pages={PAGES} defaultMenu={DEFAULT} hideEmpty={false} />;
}

const dom = domPerTest();
const button = (name: string) => {
  const found = [...dom.container().querySelectorAll('button')].find((b) => (b.getAttribute('aria-label') ?? b.textContent) === name);
  if (!found) throw new Error(`no button ${name}`);
  return found;
};
const click = (element: HTMLElement) => act(() => element.click());
const type = (label: string, value: string) => {
  const input = [...dom.container().querySelectorAll('label')].find((l) => l.textContent === label)?.control as HTMLInputElement;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
  act(() => {
    setter?.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
};
const order = () =>
  latest.map((item) => (item.kind === 'page' ? `${item.page}${item.shown ? '' : ' (hidden)'}` : `${item.label} → ${item.url}`));

describe('NavigationEditor', () => {
  it('moves items with Up and Down, the ends disabled', async () => {
    await dom.render(<Harness />);
    expect(button('Move Home up').disabled).toBe(true);
    expect(button('Move News down').disabled).toBe(true);
    click(button('Move News up'));
    expect(order()).toEqual(['home', 'news (hidden)', 'blog']);
    click(button('Move Home down'));
    expect(order()).toEqual(['news (hidden)', 'home', 'blog']);
  });

  it('shows or hides a page with its Shown box, adds and removes links, and resets', async () => {
    await dom.render(<Harness />);
    const shown = dom.container().querySelectorAll<HTMLInputElement>('input[type="checkbox"]');
    expect([...shown].map((box) => box.checked)).toEqual([true, true, false]);
    click(shown[1] as HTMLInputElement);
    click(shown[2] as HTMLInputElement);
    expect(order()).toEqual(['home', 'blog (hidden)', 'news']);

    click(button('Add link'));
    expect(dom.container().textContent).toContain('Give the link a label');
    type('Label', 'Lab');
    type('Address', 'javascript:alert(1)');
    click(button('Add link'));
    expect(dom.container().textContent).toContain('The address must start with https:// or http://');
    type('Address', 'https://lab.example.org/');
    click(button('Add link'));
    expect(order()).toEqual(['home', 'blog (hidden)', 'news', 'Lab → https://lab.example.org/']);
    expect(dom.container().textContent).not.toContain('must start with');

    click(button('Remove Lab'));
    expect(order()).toEqual(['home', 'blog (hidden)', 'news']);
    click(button('Reset to the default menu'));
    expect(latest).toEqual(DEFAULT);
  });

  it('checks a new link as the server does', () => {
    expect(linkProblem('Lab', 'https://lab.example.org', 0)).toBeNull();
    expect(linkProblem(' ', 'https://lab.example.org', 0)).toBe('Give the link a label');
    expect(linkProblem('x'.repeat(41), 'https://lab.example.org', 0)).toBe('The label is longer than 40 characters');
    expect(linkProblem('Lab', '/about', 0)).toBe('The address must start with https:// or http://');
    expect(linkProblem('Lab', 'https://lab.example.org', 10)).toBe('The menu holds at most 10 links of your own');
    expect(moved(DEFAULT, 2, 0).map((item) => (item.kind === 'page' ? item.page : ''))).toEqual(['news', 'home', 'blog']);
  });
});

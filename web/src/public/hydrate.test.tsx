// @vitest-environment happy-dom
/**
 * The browser side of server rendering: markup from the server renderer,
 * hydrated by the real public entry (src/public/main.tsx), must hydrate without
 * a single warning, then behave (theme toggle, mobile menu, scroll state).
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { RenderInput } from '../api/types';
import { browserMessages } from '../i18n/index';
import { THEME_STORAGE_KEY } from '../lib/theme';
import { render } from '../ssr/render';
import { emptyInputs, filledInputs, fullHomeInput, homeInput, notFoundInput } from '../testing/fixtures';

let consoleError: MockInstance;
let consoleWarn: MockInstance;

beforeEach(() => {
  vi.resetModules();
  localStorage.clear();
  document.documentElement.className = '';
  delete document.documentElement.dataset.hydrated;
  consoleError = vi.spyOn(console, 'error');
  consoleWarn = vi.spyOn(console, 'warn');
});

afterEach(() => {
  document.body.innerHTML = '';
});

/** Writes the page as the Rust server does, then loads the public entry. */
async function serveAndHydrate(input: RenderInput): Promise<void> {
  const { body } = render(input);
  // Like the server: path, site, page kind and the browser's words only (src/render/mod.rs, hydration_json).
  const embedded = { path: input.path, site: input.site, page: { page: input.page.page }, messages: browserMessages(input.site.lang) };
  const json = JSON.stringify(embedded).replace(/</g, '\\u003c');
  document.body.innerHTML = `<div id="root">${body}</div><script type="application/json" id="vita-data">${json}</script>`;
  await import('./main');
  await vi.waitFor(() => expect(document.documentElement.dataset.hydrated).toBe('true'));
}

function expectNoConsoleOutput() {
  expect(consoleError.mock.calls).toEqual([]);
  expect(consoleWarn.mock.calls).toEqual([]);
}

const click = (element: Element | null) => {
  if (!element) throw new Error('element not found');
  (element as HTMLElement).click();
};

describe('hydration', () => {
  it('hydrates the home page without warnings', async () => {
    await serveAndHydrate(homeInput({ google_scholar_url: 'https://scholar.example.com/x', cv_url: '/cv.pdf' }));
    expect(document.querySelector('h1')?.textContent).toBe('Dr. Jane Doe');
    expectNoConsoleOutput();
  });

  it('hydrates the not-found page without warnings', async () => {
    await serveAndHydrate(notFoundInput());
    expect(document.querySelector('h1')?.textContent).toBe('Oops! Page not found');
    expectNoConsoleOutput();
  });

  it.each([
    ...filledInputs().map((input) => [input.path, 'with content', input] as const),
    ...emptyInputs().map((input) => [input.path, 'empty', input] as const),
  ])('hydrates %s (%s) without warnings, keeping the server-rendered content', async (_, __, input) => {
    const { body } = render(input);
    const serverMain = /<main[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1];
    await serveAndHydrate(input);
    expect(document.querySelectorAll('h1')).toHaveLength(1);
    const main = document.getElementById('main');
    // Parsed and serialised once by the browser, unchanged by hydration.
    const reference = document.createElement('div');
    reference.innerHTML = serverMain ?? '';
    expect(main?.innerHTML).toBe(reference.innerHTML);
    expectNoConsoleOutput();
  });

  it('logs the attempt to open an unknown path to the console: the address asked for, not the page the server reused', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => {});
    window.history.replaceState(null, '', '/no/such/page');
    await serveAndHydrate(notFoundInput('/404'));
    expect(info).toHaveBeenCalledWith('404: no page at /no/such/page');
  });

  it('keeps the page content when the frame re-renders (menu toggle)', async () => {
    await serveAndHydrate(fullHomeInput());
    const before = document.getElementById('main')?.innerHTML;
    click(document.querySelector('[aria-controls="site-mobile-nav"]'));
    await vi.waitFor(() => expect(document.getElementById('site-mobile-nav')?.hidden).toBe(false));
    expect(document.getElementById('main')?.innerHTML).toBe(before);
    expectNoConsoleOutput();
  });

  it('hydrates with a stored dark theme without warnings (theme is read after mount)', async () => {
    localStorage.setItem(THEME_STORAGE_KEY, 'dark');
    document.documentElement.classList.add('dark');
    await serveAndHydrate(homeInput());
    await vi.waitFor(() => expect(document.querySelector('[data-theme-preference="dark"]')).not.toBeNull());
    expectNoConsoleOutput();
  });
});

describe('after hydration', () => {
  it('each click on the theme toggle shows the other theme, starting from the system one, and stores it', async () => {
    await serveAndHydrate(homeInput());
    const toggle = () => document.querySelector('[data-theme-preference]');
    const dark = () => document.documentElement.classList.contains('dark');
    await vi.waitFor(() => expect(toggle()?.getAttribute('data-theme-preference')).toBe('system'));
    expect(window.matchMedia('(prefers-color-scheme: dark)').matches).toBe(false);
    expect(dark()).toBe(false);

    click(toggle());
    await vi.waitFor(() => expect(toggle()?.getAttribute('data-theme-preference')).toBe('dark'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('dark');
    expect(dark()).toBe(true);

    click(toggle());
    await vi.waitFor(() => expect(toggle()?.getAttribute('data-theme-preference')).toBe('light'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(dark()).toBe(false);

    click(toggle());
    await vi.waitFor(() => expect(toggle()?.getAttribute('data-theme-preference')).toBe('dark'));
    expect(dark()).toBe(true);
    expectNoConsoleOutput();
  });

  it('on a system that prefers dark the first click shows the light theme', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query === '(prefers-color-scheme: dark)',
          media: query,
          addEventListener: () => {},
          removeEventListener: () => {},
        }) as unknown as MediaQueryList,
    );
    document.documentElement.classList.add('dark');
    await serveAndHydrate(homeInput());
    const toggle = () => document.querySelector('[data-theme-preference]');
    await vi.waitFor(() => expect(toggle()?.getAttribute('data-theme-shown')).toBe('dark'));
    expect(toggle()?.getAttribute('data-theme-preference')).toBe('system');

    click(toggle());
    await vi.waitFor(() => expect(toggle()?.getAttribute('data-theme-preference')).toBe('light'));
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe('light');
    expect(document.documentElement.classList.contains('dark')).toBe(false);
    expectNoConsoleOutput();
  });

  it('the menu toggle opens the mobile list and choosing a link closes it', async () => {
    await serveAndHydrate(homeInput());
    const button = document.querySelector('[aria-controls="site-mobile-nav"]');
    const list = document.getElementById('site-mobile-nav');
    expect(button?.getAttribute('aria-expanded')).toBe('false');
    expect(list?.hidden).toBe(true);

    click(button);
    await vi.waitFor(() => expect(button?.getAttribute('aria-expanded')).toBe('true'));
    expect(list?.hidden).toBe(false);
    expect([...(list?.querySelectorAll('a') ?? [])].map((a) => a.textContent)).toEqual([
      'Home',
      'About',
      'Research',
      'Selected Publications',
      'Projects',
      'Teaching',
      'Students',
      'Talks',
      'Open Calls',
      'Blog',
      'Contact',
      'Admin',
    ]);

    const about = list?.querySelector('a[href="/about"]');
    about?.addEventListener('click', (event) => event.preventDefault()); // stay on this document
    click(about ?? null);
    await vi.waitFor(() => expect(button?.getAttribute('aria-expanded')).toBe('false'));
    expect(list?.hidden).toBe(true);
  });

  it('the navigation bar becomes solid after 20 px of scroll', async () => {
    await serveAndHydrate(homeInput());
    const header = document.querySelector('header');
    expect(header?.dataset.scrolled).toBe('false');

    window.scrollY = 20;
    window.dispatchEvent(new Event('scroll'));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(header?.dataset.scrolled).toBe('false');

    window.scrollY = 21;
    window.dispatchEvent(new Event('scroll'));
    await vi.waitFor(() => expect(header?.dataset.scrolled).toBe('true'));
    expect(header?.className).toContain('backdrop-blur');
  });
});

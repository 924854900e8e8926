// @vitest-environment happy-dom
/** src/theme-init.js is inlined into every page's <head> as text; run it as such. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { THEME_STORAGE_KEY } from './lib/theme';
import source from './theme-init.js?raw';

const runThemeInit = () => new Function(source)();

function prefersDark(dark: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)', media: query }) as MediaQueryList,
  );
}

const html = document.documentElement;

beforeEach(() => {
  localStorage.clear();
  html.className = '';
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('theme-init.js', () => {
  it.each([
    ['dark', false, true],
    ['dark', true, true],
    ['light', true, false],
    ['light', false, false],
    ['system', true, true],
    ['system', false, false],
    [null, true, true],
    [null, false, false],
    ['bogus', true, true],
  ])('stored %j with system dark=%j → dark class %j', (stored, systemDark, expected) => {
    if (stored !== null) localStorage.setItem(THEME_STORAGE_KEY, stored);
    prefersDark(systemDark);
    runThemeInit();
    expect(html.classList.contains('dark')).toBe(expected);
    expect(html.style.colorScheme).toBe(expected ? 'dark' : 'light');
  });

  it('removes a stale dark class when the stored theme is light', () => {
    html.classList.add('dark');
    localStorage.setItem(THEME_STORAGE_KEY, 'light');
    prefersDark(true);
    runThemeInit();
    expect(html.classList.contains('dark')).toBe(false);
  });

  it('never throws, even when storage is unavailable', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('SecurityError');
    });
    expect(runThemeInit).not.toThrow();
  });

  it('is plain ES5 in an IIFE: no import, export, let, const or arrow functions', () => {
    expect(source).not.toMatch(/\b(import|export|let|const)\b|=>/);
    expect(source.trim()).toMatch(/\}\)\(\);$/);
  });
});

/**
 * Light / dark theme, remembered in localStorage under 'academic-theme'.
 * Until the visitor first uses the toggle the page follows the operating
 * system ('system', the spec's default); each click then shows the other
 * theme and stores it ('light' or 'dark'). A stored 'system' still means
 * "follow the system". The `dark` class on <html> is set before first paint
 * by src/theme-init.js; this module keeps it in step afterwards.
 *
 * The preference is read only after mount, so the server render and the first
 * client render agree (the server cannot know the visitor's choice).
 */
import { useCallback, useEffect, useState } from 'react';

export const THEME_STORAGE_KEY = 'academic-theme';

export const THEME_PREFERENCES = ['light', 'dark', 'system'] as const;
export type ThemePreference = (typeof THEME_PREFERENCES)[number];
/** What the page shows. */
export type Theme = Exclude<ThemePreference, 'system'>;

const DARK_QUERY = '(prefers-color-scheme: dark)';

function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === 'string' && (THEME_PREFERENCES as readonly string[]).includes(value);
}

export function readStoredTheme(): ThemePreference {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return isThemePreference(stored) ? stored : 'system';
  } catch {
    return 'system';
  }
}

function storeTheme(theme: ThemePreference): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be unavailable (private mode, disabled cookies): the choice
    // then lasts for this page only.
  }
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches;
}

/** The theme a preference shows: 'system' is whatever the operating system prefers. */
export function shownTheme(theme: ThemePreference, systemDark: boolean): Theme {
  if (theme === 'system') return systemDark ? 'dark' : 'light';
  return theme;
}

/** What the toggle switches to: the other theme than the one shown, so every click is visible. */
export function toggledTheme(shown: Theme): Theme {
  return shown === 'dark' ? 'light' : 'dark';
}

export function applyTheme(theme: ThemePreference): void {
  const dark = shownTheme(theme, systemPrefersDark()) === 'dark';
  const root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
}

/**
 * The current preference and the theme it shows (both null until mounted),
 * and `toggle`, which stores and applies the other theme. Follows the
 * operating system while the preference is 'system', and changes made in
 * other tabs.
 */
export function useTheme(): {
  theme: ThemePreference | null;
  shown: Theme | null;
  toggle: () => void;
} {
  const [theme, setThemeState] = useState<ThemePreference | null>(null);
  const [systemDark, setSystemDark] = useState(false);

  useEffect(() => {
    setThemeState(readStoredTheme());
    setSystemDark(systemPrefersDark());
    const onStorage = (event: StorageEvent) => {
      if (event.key !== THEME_STORAGE_KEY) return;
      const next = readStoredTheme();
      applyTheme(next);
      setThemeState(next);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  useEffect(() => {
    if (theme !== 'system' || typeof window.matchMedia !== 'function') return;
    const media = window.matchMedia(DARK_QUERY);
    const onChange = () => {
      applyTheme('system');
      setSystemDark(media.matches);
    };
    media.addEventListener('change', onChange);
    return () => media.removeEventListener('change', onChange);
  }, [theme]);

  const shown = theme === null ? null : shownTheme(theme, systemDark);

  const toggle = useCallback(() => {
    if (shown === null) return;
    const next = toggledTheme(shown);
    storeTheme(next);
    applyTheme(next);
    setThemeState(next);
  }, [shown]);

  return { theme, shown, toggle };
}

import { Monitor, Moon, Sun } from './icons';
import { nextTheme, useTheme, type ThemePreference } from '../lib/theme';
import { Button } from './ui/button';

const LABELS: Record<ThemePreference, string> = {
  light: 'Light',
  dark: 'Dark',
  system: 'System',
};

/**
 * Cycles the theme preference light → dark → system. Until mounted the
 * preference is unknown (it lives in the browser), so the icon follows the
 * `dark` class through CSS and the server and client markup agree.
 */
export function ThemeToggle({ className }: { className?: string }) {
  const { theme, setTheme } = useTheme();

  if (theme === null) {
    return (
      <Button variant="ghost" size="icon" className={className} aria-label="Toggle theme">
        <Sun aria-hidden="true" className="dark:hidden" />
        <Moon aria-hidden="true" className="hidden dark:block" />
      </Button>
    );
  }

  const next = nextTheme(theme);
  const Icon = theme === 'light' ? Sun : theme === 'dark' ? Moon : Monitor;
  const label = `Theme: ${LABELS[theme]}. Switch to ${LABELS[next].toLowerCase()} theme`;
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-label={label}
      title={label}
      data-theme-preference={theme}
      onClick={() => setTheme(next)}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}

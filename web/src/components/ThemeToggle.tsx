import { Moon, Sun } from './icons';
import { useTheme } from '../lib/theme';
import { Button } from './ui/button';

/**
 * Switches between the light and the dark theme: each click shows the other
 * one. Until mounted the preference is unknown (it lives in the browser), so
 * the icon follows the `dark` class through CSS and the server and client
 * markup agree. `data-theme-preference` names the stored preference
 * ('system' until the first click).
 */
/** The toggle's names: the public pages pass their language's, the admin keeps English. */
export type ThemeLabels = { toggle: string; toDark: string; toLight: string };

const ENGLISH: ThemeLabels = { toggle: 'Toggle theme', toDark: 'Switch to dark theme', toLight: 'Switch to light theme' };

export function ThemeToggle({ className, labels = ENGLISH }: { className?: string; labels?: ThemeLabels }) {
  const { theme, shown, toggle } = useTheme();

  if (theme === null || shown === null) {
    return (
      <Button variant="ghost" size="icon" className={className} aria-label={labels.toggle}>
        <Sun aria-hidden="true" className="dark:hidden" />
        <Moon aria-hidden="true" className="hidden dark:block" />
      </Button>
    );
  }

  const Icon = shown === 'light' ? Sun : Moon;
  const label = shown === 'light' ? labels.toDark : labels.toLight;
  return (
    <Button
      variant="ghost"
      size="icon"
      className={className}
      aria-label={label}
      title={label}
      data-theme-preference={theme}
      data-theme-shown={shown}
      onClick={toggle}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}

import { ArrowLeft } from '../../components/icons';
import type { ReactNode } from 'react';
import { ThemeToggle } from '../../components/ThemeToggle';
import { buttonClassName } from '../../components/ui/button';

/** The frame of the signed-out pages (login, setup): a centred column with a way back to the site. */
export function AuthShell({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <header className="mx-auto flex w-full max-w-5xl items-center justify-between gap-2 px-4 py-3 sm:px-6">
        {/* The public site is server-rendered: a full page load, not a router link. */}
        <a href="/" className={buttonClassName('ghost', 'sm')}>
          <ArrowLeft aria-hidden="true" />
          Back to site
        </a>
        <ThemeToggle />
      </header>
      <main id="admin-main" className="flex flex-1 items-start justify-center px-4 pt-6 pb-16 sm:items-center sm:pt-0">
        <div className="w-full max-w-md">{children}</div>
      </main>
    </div>
  );
}

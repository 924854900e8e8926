import { ArrowLeft, type IconComponent } from '../../components/icons';
import type { ReactNode } from 'react';
import { ThemeToggle } from '../../components/ThemeToggle';
import { buttonClassName } from '../../components/ui/button';
import { CardDescription, CardHeader, CardTitle } from '../../components/ui/card';

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

/** The head of a signed-out page's card: its icon in a circle, the page's one h1, a line below. */
export function AuthCardHeader({ icon: Icon, title, children }: { icon: IconComponent; title: string; children: ReactNode }) {
  return (
    <CardHeader className="items-center text-center">
      <span className="mb-2 flex size-11 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Icon aria-hidden="true" className="size-5" />
      </span>
      <CardTitle as="h1" className="text-2xl">
        {title}
      </CardTitle>
      <CardDescription>{children}</CardDescription>
    </CardHeader>
  );
}

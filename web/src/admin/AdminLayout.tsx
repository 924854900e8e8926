import { Globe, LayoutDashboard } from 'lucide-react';
import { Link, Outlet } from 'react-router';
import { ThemeToggle } from '../components/ThemeToggle';
import { buttonClassName } from '../components/ui/button';

export function AdminLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground"
      >
        Skip to main content
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-3 px-4 sm:px-6 lg:px-8">
          <Link
            to="/admin"
            className="flex items-center gap-2 rounded-lg font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
          >
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <LayoutDashboard aria-hidden="true" className="size-4" />
            </span>
            Admin Dashboard
          </Link>
          <div className="ml-auto flex items-center gap-1">
            {/* The public site is server-rendered: a full page load, not a router link. */}
            <a href="/" className={buttonClassName('ghost', 'sm')}>
              <Globe aria-hidden="true" />
              View Site
            </a>
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="admin-main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8">
        <Outlet />
      </main>
    </div>
  );
}

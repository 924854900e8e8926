import { Globe, LayoutDashboard, LogOut, UserRound } from '../components/icons';
import { useState } from 'react';
import { Link, Outlet } from 'react-router';
import { ThemeToggle } from '../components/ThemeToggle';
import { Button, buttonClassName } from '../components/ui/button';
import { Spinner } from '../components/ui/spinner';
import { useAuth } from './auth';
import { UnsavedChangesGuard } from './components/UnsavedChangesGuard';
import { LanguageTabsOn } from './entities/kit/LanguageTabs';

/** Text shown beside an icon from `sm` up; below that only screen readers read it. */
const LABEL = 'sr-only sm:not-sr-only';

export function AdminLayout() {
  const { user, signOut } = useAuth();
  const [signingOut, setSigningOut] = useState(false);

  const handleSignOut = async () => {
    setSigningOut(true);
    await signOut(); // never rejects: a failure is logged and the user is signed out here anyway
    // The public site is server-rendered: a full page load.
    window.location.assign('/');
  };

  return (
    <div className="flex min-h-dvh flex-col bg-muted/40">
      <UnsavedChangesGuard />
      <a
        href="#admin-main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-[60] focus:rounded-lg focus:bg-primary focus:px-4 focus:py-2 focus:text-sm focus:font-medium focus:text-primary-foreground"
      >
        Skip to main content
      </a>
      <header className="sticky top-0 z-40 border-b border-border bg-background/90 backdrop-blur-md">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-3 sm:px-6 lg:px-8">
          <Link
            to="/admin"
            className="flex shrink-0 items-center gap-2 rounded-lg font-semibold tracking-tight focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-ring"
          >
            <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <LayoutDashboard aria-hidden="true" className="size-4" />
            </span>
            <span className="sr-only md:not-sr-only">Admin Dashboard</span>
          </Link>
          <div className="ml-auto flex min-w-0 items-center gap-1">
            {user ? (
              <Link
                to="/admin/account"
                title="Your account: password and signed-in devices"
                data-testid="admin-user-email"
                className={buttonClassName('ghost', 'sm', 'min-w-0 text-muted-foreground hover:text-foreground')}
              >
                <UserRound aria-hidden="true" />
                <span className="sr-only">Account settings for </span>
                <span className="truncate">{user.email}</span>
              </Link>
            ) : null}
            <a href="/" className={buttonClassName('ghost', 'sm', 'shrink-0 max-sm:px-2.5')}>
              <Globe aria-hidden="true" />
              <span className={LABEL}>View Site</span>
            </a>
            <ThemeToggle className="shrink-0" />
            <Button variant="ghost" size="sm" className="shrink-0 max-sm:px-2.5" onClick={handleSignOut} disabled={signingOut}>
              {signingOut ? <Spinner /> : <LogOut aria-hidden="true" />}
              <span className={LABEL}>Sign Out</span>
            </Button>
          </div>
        </div>
      </header>
      <main id="admin-main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-8 focus:outline-none sm:px-6 lg:px-8">
        <LanguageTabsOn>
          <Outlet />
        </LanguageTabsOn>
      </main>
    </div>
  );
}

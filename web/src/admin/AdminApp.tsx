/**
 * Every admin route, in one place. The screens behind the sign-in are loaded
 * when first opened, so the sign-in page (the admin's first load) pulls
 * neither them nor their editors.
 */
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { RequireAuth } from './components/RequireAuth';
import { LoginPage } from './pages/LoginPage';

/** A screen loaded on first use from a module's named export. */
function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}

// The sign-in page is the first load: the one-time setup page and the signed-in shell come later.
const Setup = lazyScreen(() => import('./pages/SetupPage'), 'SetupPage');
const Layout = lazyScreen(() => import('./AdminLayout'), 'AdminLayout');
const Dashboard = lazyScreen(() => import('./pages/DashboardPage'), 'DashboardPage');
const NotFound = lazyScreen(() => import('./pages/AdminNotFoundPage'), 'AdminNotFoundPage');

/** The page screens at /admin/<path>. */
const PAGES: Record<string, LazyExoticComponent<ComponentType>> = {
  homepage: lazyScreen(() => import('./page-texts/HomepageScreen'), 'HomepageScreen'),
  about: lazyScreen(() => import('./page-texts/AboutScreen'), 'AboutScreen'),
  contact: lazyScreen(() => import('./page-texts/ContactScreen'), 'ContactScreen'),
  account: lazyScreen(() => import('./pages/AccountPage'), 'AccountPage'),
  settings: lazyScreen(() => import('./page-texts/SettingsScreen'), 'SettingsScreen'),
  statistics: lazyScreen(() => import('./pages/StatisticsPage'), 'StatisticsPage'),
  translations: lazyScreen(() => import('./pages/TranslationsPage'), 'TranslationsPage'),
  'import-site': lazyScreen(() => import('./pages/SiteImportPage'), 'SiteImportPage'),
  // The first-run step, where the setup page goes once the owner account exists.
  welcome: lazyScreen(() => import('./pages/WelcomePage'), 'WelcomePage'),
};

/**
 * The content tables' screens: each entity folder's `<Name>Screen.tsx`
 * (default export) at /admin/<folder>, e.g. entities/open-calls → /admin/open-calls.
 */
const ENTITY_SCREENS = Object.entries(import.meta.glob<{ default: ComponentType }>(['./entities/*/*Screen.tsx', '!./entities/kit/**'])).map(
  ([file, load]) => [file.split('/').at(-2) ?? '', lazy(load)] as const,
);

function screen(Screen: LazyExoticComponent<ComponentType>) {
  return (
    <Suspense fallback={<PageSpinner />}>
      <Screen />
    </Suspense>
  );
}

export function AdminApp() {
  return (
    <Routes>
      <Route path="/admin/login" element={<LoginPage />} />
      <Route path="/admin/setup" element={screen(Setup)} />
      {/* Everything else under /admin needs a signed-in owner. */}
      <Route path="/admin" element={<RequireAuth />}>
        <Route element={screen(Layout)}>
          <Route index element={screen(Dashboard)} />
          {[...Object.entries(PAGES), ...ENTITY_SCREENS].map(([path, Screen]) => (
            <Route key={path} path={path} element={screen(Screen)} />
          ))}
          <Route path="*" element={screen(NotFound)} />
        </Route>
      </Route>
      {/* The server only serves this app under /admin; anything else is a stray URL. */}
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}

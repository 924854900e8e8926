/** Every admin route, in one place. */
import { Navigate, Route, Routes } from 'react-router';
import { AdminLayout } from './AdminLayout';
import { RequireAuth } from './components/RequireAuth';
import { AccountPage } from './pages/AccountPage';
import { AdminNotFoundPage } from './pages/AdminNotFoundPage';
import { DashboardPage } from './pages/DashboardPage';
import { LoginPage } from './pages/LoginPage';
import { SettingsPage } from './pages/SettingsPage';
import { SetupPage } from './pages/SetupPage';

export function AdminApp() {
  return (
    <Routes>
      <Route path="/admin/login" element={<LoginPage />} />
      <Route path="/admin/setup" element={<SetupPage />} />
      {/* Everything else under /admin needs a signed-in owner. */}
      <Route path="/admin" element={<RequireAuth />}>
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardPage />} />
          <Route path="account" element={<AccountPage />} />
          <Route path="settings" element={<SettingsPage />} />
          <Route path="*" element={<AdminNotFoundPage />} />
        </Route>
      </Route>
      {/* The server only serves this app under /admin; anything else is a stray URL. */}
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}

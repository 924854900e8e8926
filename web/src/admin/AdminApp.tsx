/** Every admin route, in one place. */
import { Navigate, Route, Routes } from 'react-router';
import { AdminLayout } from './AdminLayout';
import { AdminNotFoundPage } from './pages/AdminNotFoundPage';
import { DashboardPage } from './pages/DashboardPage';

export function AdminApp() {
  return (
    <Routes>
      <Route path="/admin" element={<AdminLayout />}>
        <Route index element={<DashboardPage />} />
        <Route path="*" element={<AdminNotFoundPage />} />
      </Route>
      {/* The server only serves this app under /admin; anything else is a stray URL. */}
      <Route path="*" element={<Navigate to="/admin" replace />} />
    </Routes>
  );
}

import { Navigate, Outlet } from 'react-router';
import { PageSpinner } from '../../components/ui/spinner';
import { useAuth } from '../auth';

/**
 * The guard of every admin route but login and setup: a spinner while the
 * session loads, the login page when nobody is signed in, the page otherwise.
 */
export function RequireAuth() {
  const { user, loading } = useAuth();
  if (loading) {
    return (
      <div className="flex min-h-dvh bg-muted/40">
        <PageSpinner label="Checking your session…" />
      </div>
    );
  }
  if (!user) return <Navigate to="/admin/login" replace />;
  return <Outlet />;
}

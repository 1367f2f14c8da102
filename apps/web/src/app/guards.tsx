import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from '../lib/auth';
import { LoadingOverlay } from '../components/ui/LoadingOverlay';

/** /login: an authenticated user goes home (spec section 2). */
export function GuestOnly() {
  const { status } = useAuth();
  if (status === 'authenticated') return <Navigate to="/" replace />;
  return <Outlet />;
}

/** /parametres: signed-out visitors land on /404 (spec section 2). */
export function RequireAuth() {
  const { status } = useAuth();
  if (status === 'loading') return <LoadingOverlay fullScreen />;
  if (status === 'anonymous') return <Navigate to="/404" replace />;
  return <Outlet />;
}

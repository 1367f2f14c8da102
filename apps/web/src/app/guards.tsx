import { useRef } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useAuth } from '../lib/auth';
import { LoadingOverlay } from '../components/ui/LoadingOverlay';

/** /login: an authenticated user goes home (spec section 2). */
export function GuestOnly() {
  const { status } = useAuth();
  if (status === 'authenticated') return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * /parametres: signed-out visitors land on /404 (spec section 2). A member whose session ends
 * while on such a page (signed out in another tab, expired) goes home instead: the page they
 * were on exists, and « Page introuvable » would say otherwise.
 */
export function RequireAuth() {
  const { status } = useAuth();
  const wasMember = useRef(false);
  if (status === 'authenticated') wasMember.current = true;
  if (status === 'loading') return <LoadingOverlay fullScreen />;
  if (status === 'anonymous') return <Navigate to={wasMember.current ? '/' : '/404'} replace />;
  return <Outlet />;
}

import { hasRole } from '@munegu/shared';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../../../lib/auth';

/** ADMIN-only screens inside the operators' space: moderators land on /404 (API refuses too). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!hasRole(user?.role?.libelle, 'ADMIN')) return <Navigate to="/404" replace />;
  return <>{children}</>;
}

import { hasRole } from '@munegu/shared';
import { Navigate, NavLink, Outlet } from 'react-router-dom';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import { useAuth } from '../../lib/auth';
import styles from './AdminLayout.module.css';

const TABS = [
  ['/admin/matchs', 'Matchs'],
  ['/admin/classement', 'Classement'],
  ['/admin/clubs', 'Clubs'],
  ['/admin/import', 'Import'],
] as const;

/**
 * Operators' screens: MODERATEUR and ADMIN only. Anyone else lands on /404 (the screens are
 * not advertised); the API refuses them as well.
 */
export default function AdminLayout() {
  const { status, user } = useAuth();
  if (status === 'loading') return <LoadingOverlay fullScreen />;
  if (!user || !hasRole(user.role?.libelle, 'MODERATEUR')) return <Navigate to="/404" replace />;
  return (
    <div className="page admin">
      <h1 className="page__title">Espace opérateurs</h1>
      <nav className={styles['admin__tabs']} aria-label="Sections de l’espace opérateurs">
        {TABS.map(([to, label]) => (
          <NavLink
            key={to}
            to={to}
            className={({ isActive }) => `chip${isActive ? ' is-active' : ''}`}
          >
            {label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

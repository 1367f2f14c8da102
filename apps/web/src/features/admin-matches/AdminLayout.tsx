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
  ['/admin/moderation', 'Modération'],
  ['/admin/journal', 'Journal'],
] as const;
/** ADMIN only: hidden from moderators. */
const ADMIN_TABS = [
  ['/admin/membres', 'Membres'],
  ['/admin/referentiels', 'Référentiels'],
] as const;

/**
 * Operators' screens: MODERATEUR and ADMIN only. Anyone else lands on /404 (the screens are
 * not advertised); the API refuses them as well.
 */
export default function AdminLayout() {
  const { status, user } = useAuth();
  if (status === 'loading') return <LoadingOverlay fullScreen />;
  if (!user || !hasRole(user.role?.libelle, 'MODERATEUR')) return <Navigate to="/404" replace />;
  const tabs = hasRole(user.role?.libelle, 'ADMIN') ? [...TABS, ...ADMIN_TABS] : TABS;
  return (
    <div className="page admin">
      <h1 className="page__title">Espace opérateurs</h1>
      <nav className={styles['admin__tabs']} aria-label="Sections de l’espace opérateurs">
        {tabs.map(([to, label]) => (
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

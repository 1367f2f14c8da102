import { hasRole } from '@munegu/shared';
import { Navigate, NavLink, Outlet } from 'react-router-dom';
import { LoadingOverlay } from '../../components/ui/LoadingOverlay';
import { useAuth } from '../../lib/auth';
import { OpenReportsCount, useOpenReportCount } from '../moderation';
import styles from './AdminLayout.module.css';

/**
 * The moderation queue comes first: it is where every operator lands (/admin), moderators and
 * admins alike, with its count of open reports on the tab.
 */
const QUEUE = '/admin/moderation';
const TABS = [
  [QUEUE, 'Modération'],
  ['/admin/journal', 'Journal'],
  ['/admin/matchs', 'Matchs'],
  ['/admin/classement', 'Classement'],
  ['/admin/clubs', 'Clubs'],
  ['/admin/import', 'Import'],
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
  const staff = hasRole(user?.role?.libelle, 'MODERATEUR');
  const { data: open = 0 } = useOpenReportCount(staff);
  if (status === 'loading') return <LoadingOverlay fullScreen />;
  if (!user || !staff) return <Navigate to="/404" replace />;
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
            {to === QUEUE && <OpenReportsCount count={open} />}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}

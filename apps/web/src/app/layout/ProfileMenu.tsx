import { hasRole, TRIP_TEXTS } from '@munegu/shared';
import { useNavigate } from 'react-router-dom';
import { useAuth, type CurrentUser } from '../../lib/auth';
import { Avatar } from '../../components/ui/Avatar';
import styles from '../../components/ui/menu.module.css';
import { cx } from '../../lib/cx';
import { NavbarMenu, NavbarMenuItem, NavbarMenuSeparator } from '../../components/ui/NavbarMenu';
import { OpenReportsCount, openReportsLabel, useOpenReportCount } from '../../features/moderation';

/**
 * Profile dropdown of the navbar: Mon profil, Paramètres, Se déconnecter; 'Mes déplacements'
 * for the organisers of an antenna's coach trips and for staff (who may manage every
 * antenna's); and for staff the operators' space, which opens on the moderation queue. Staff
 * see the count of open reports on the avatar (the menu's only visible trace on a phone) and on
 * that entry.
 */
export function ProfileMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const { logout } = useAuth();
  const staff = hasRole(user.role?.libelle, 'MODERATEUR');
  const { data: open = 0 } = useOpenReportCount(staff);
  const organiser = staff || (user.antennes_organisees?.length ?? 0) > 0;
  const label = `Menu du profil de ${user.username}${open > 0 ? `, ${openReportsLabel(open)}` : ''}`;
  return (
    <NavbarMenu
      label={label}
      buttonClassName="icon-btn navbar__avatar"
      button={
        <>
          <Avatar username={user.username} picture={user.profile_picture} size={34} />
          {open > 0 && (
            <span className={cx(styles['badge'], styles['badge--avatar'])} aria-hidden="true">
              {open > 99 ? '99+' : open}
            </span>
          )}
        </>
      }
      title={user.username}
    >
      <NavbarMenuItem onSelect={() => navigate(`/profil/${encodeURIComponent(user.username)}`)}>
        Mon profil
      </NavbarMenuItem>
      <NavbarMenuItem onSelect={() => navigate('/parametres')}>Paramètres</NavbarMenuItem>
      {organiser && (
        <NavbarMenuItem onSelect={() => navigate('/mes-deplacements')}>
          {TRIP_TEXTS.mySpace}
        </NavbarMenuItem>
      )}
      {staff && (
        <NavbarMenuItem onSelect={() => navigate('/admin')}>
          Espace opérateurs
          <OpenReportsCount count={open} />
        </NavbarMenuItem>
      )}
      <NavbarMenuSeparator />
      <NavbarMenuItem danger onSelect={() => void logout()}>
        Se déconnecter
      </NavbarMenuItem>
    </NavbarMenu>
  );
}

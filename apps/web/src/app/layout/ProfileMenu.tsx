import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { hasRole, TRIP_TEXTS } from '@munegu/shared';
import { useNavigate } from 'react-router-dom';
import { useAuth, type CurrentUser } from '../../lib/auth';
import { Avatar } from '../../components/ui/Avatar';
import styles from '../../components/ui/menu.module.css';
import { cx } from '../../lib/cx';
import { useMenuTabOut } from '../../components/ui/useMenuTabOut';
import { OpenReportsCount, openReportsLabel, useOpenReportCount } from '../../features/moderation';

/**
 * Profile dropdown of the navbar: Mon profil, Paramètres, Se déconnecter; 'Mes déplacements'
 * for the organisers of an antenna's coach trips and for staff (who may manage every
 * antenna's); and for staff the operators' space, which opens on the moderation queue. Staff see the count of open reports
 * on the avatar (the menu's only visible trace on a phone) and on that entry.
 */
export function ProfileMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const { logout } = useAuth();
  const staff = hasRole(user.role?.libelle, 'MODERATEUR');
  const { data: open = 0 } = useOpenReportCount(staff);
  const organiser = staff || (user.antennes_organisees?.length ?? 0) > 0;
  const menu = useMenuTabOut();
  const label = `Menu du profil de ${user.username}${open > 0 ? `, ${openReportsLabel(open)}` : ''}`;
  return (
    <DropdownMenu.Root modal={false} {...menu.root}>
      <DropdownMenu.Trigger
        ref={menu.trigger}
        className="icon-btn navbar__avatar"
        aria-label={label}
      >
        <Avatar username={user.username} picture={user.profile_picture} size={34} />
        {open > 0 && (
          <span className={cx(styles['badge'], styles['badge--avatar'])} aria-hidden="true">
            {open > 99 ? '99+' : open}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={styles['menu']}
          align="end"
          sideOffset={8}
          {...menu.content}
        >
          <DropdownMenu.Label className={styles['menu__label']}>{user.username}</DropdownMenu.Label>
          <DropdownMenu.Item
            className={styles['menu__item']}
            onSelect={() => navigate(`/profil/${encodeURIComponent(user.username)}`)}
          >
            Mon profil
          </DropdownMenu.Item>
          <DropdownMenu.Item
            className={styles['menu__item']}
            onSelect={() => navigate('/parametres')}
          >
            Paramètres
          </DropdownMenu.Item>
          {organiser && (
            <DropdownMenu.Item
              className={styles['menu__item']}
              onSelect={() => navigate('/mes-deplacements')}
            >
              {TRIP_TEXTS.mySpace}
            </DropdownMenu.Item>
          )}
          {staff && (
            <DropdownMenu.Item className={styles['menu__item']} onSelect={() => navigate('/admin')}>
              Espace opérateurs
              <OpenReportsCount count={open} />
            </DropdownMenu.Item>
          )}
          <DropdownMenu.Separator className={styles['menu__separator']} />
          <DropdownMenu.Item
            className={cx(styles['menu__item'], styles['menu__item--danger'])}
            onSelect={() => void logout()}
          >
            Se déconnecter
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { hasRole } from '@munegu/shared';
import { useNavigate } from 'react-router-dom';
import { useAuth, type CurrentUser } from '../../lib/auth';
import { Avatar } from '../../components/ui/Avatar';
import styles from '../../components/ui/menu.module.css';
import { cx } from '../../lib/cx';

/** Profile dropdown of the navbar: Mon profil, Paramètres, Se déconnecter. */
export function ProfileMenu({ user }: { user: CurrentUser }) {
  const navigate = useNavigate();
  const { logout } = useAuth();
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="icon-btn navbar__avatar"
        aria-label={`Menu du profil de ${user.username}`}
      >
        <Avatar username={user.username} picture={user.profile_picture} size={34} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles['menu']} align="end" sideOffset={8}>
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
          {hasRole(user.role?.libelle, 'MODERATEUR') && (
            <DropdownMenu.Item
              className={styles['menu__item']}
              onSelect={() => navigate('/admin/matchs')}
            >
              Espace opérateurs
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

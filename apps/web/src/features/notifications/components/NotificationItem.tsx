import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Avatar } from '../../../components/ui/Avatar';
import { BellIcon, CloseIcon } from '../../../components/ui/icons';
import { formatMessageTime } from '../../../lib/dates';
import { cx } from '../../../lib/cx';
import type { AppNotification } from '../../carpool';
import { useNextMatches } from '../../matches';
import { kickoffWording, notificationStatus, notificationWording } from '../api';
import menuStyles from '../../../components/ui/menu.module.css';
import styles from './NotificationBell.module.css';

type Props = {
  notification: AppNotification;
  leaving: boolean;
  onOpen: (notification: AppNotification) => void;
  onDelete: (id: number) => void;
};

/** One line of the bell: who did what (spec section 4 wording), when, and its delete control. */
export function NotificationItem({ notification, leaving, onOpen, onDelete }: Props) {
  const kickoff = notification.type_notification === 'HORAIRE';
  const sender = notification.sender?.username ?? 'Un membre';
  return (
    <div
      className={cx(
        styles['notif'],
        !notification.read && styles['notif--unread'],
        leaving && styles['notif--leaving'],
      )}
      aria-hidden={leaving || undefined}
    >
      <DropdownMenu.Item
        className={cx(menuStyles['menu__item'], styles['notif__open'])}
        disabled={leaving}
        onSelect={() => onOpen(notification)}
      >
        {kickoff ? (
          <span className={styles['notif__icon']} aria-hidden="true">
            <BellIcon size={18} />
          </span>
        ) : (
          <Avatar username={sender} picture={notification.sender?.profile_picture} size={32} />
        )}
        <span className={styles['notif__text']}>
          {kickoff ? (
            <KickoffText matchId={notification.match_id} kickoff={notification.kickoff} />
          ) : (
            <>
              <strong>{sender}</strong> {notificationWording(notificationStatus(notification))}
            </>
          )}
          {!notification.read && <span className="visually-hidden"> (non lue)</span>}
          <small className={styles['notif__date']}>{formatMessageTime(notification.date)}</small>
        </span>
      </DropdownMenu.Item>
      <DropdownMenu.Item
        className={cx(menuStyles['menu__item'], styles['notif__delete'])}
        disabled={leaving}
        // Keep the menu open: the line fades out in place.
        onSelect={(event) => {
          event.preventDefault();
          onDelete(notification.id);
        }}
      >
        <CloseIcon size={16} aria-hidden="true" />
        <span className="visually-hidden">Supprimer la notification</span>
      </DropdownMenu.Item>
    </div>
  );
}

/** 'Monaco - Nice : le coup d'envoi a changé, nouvel horaire …' (the match from the list). */
function KickoffText({ matchId, kickoff }: { matchId: number | null; kickoff: string | null }) {
  const { data: matches } = useNextMatches();
  const match = matches?.find((m) => m.id === matchId);
  const name = match ? `${match.club_dom.nom} - ${match.club_ext.nom}` : 'Match';
  return <>{kickoffWording(name, kickoff)}</>;
}

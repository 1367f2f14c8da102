import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Avatar } from '../../../components/ui/Avatar';
import { BellIcon, CloseIcon } from '../../../components/ui/icons';
import { formatMessageTime } from '../../../lib/dates';
import { cx } from '../../../lib/cx';
import type { AppNotification } from '../../carpool';
import { useNextMatches } from '../../matches';
import {
  kickoffWording,
  notificationMatchLine,
  notificationSender,
  notificationStatus,
  notificationWording,
  tripWording,
} from '../api';
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
  // A coach trip's news (issue 30) comes from the organisers, not a member: no avatar.
  const trip = notification.type_notification === 'DEPLACEMENT' ? tripWording(notification) : null;
  const sender = notificationSender(notification);
  const about = kickoff ? null : notificationMatchLine(notification);
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
        {kickoff || trip !== null ? (
          <span className={styles['notif__icon']} aria-hidden="true">
            <BellIcon size={18} />
          </span>
        ) : (
          <Avatar
            username={sender}
            picture={
              sender === notification.sender?.username ? notification.sender.profile_picture : null
            }
            size={32}
          />
        )}
        <span className={styles['notif__text']}>
          {kickoff ? (
            <KickoffText notification={notification} />
          ) : trip !== null ? (
            trip
          ) : (
            <>
              <strong>{sender}</strong> {notificationWording(notificationStatus(notification))}
            </>
          )}
          {about && <span className={styles['notif__match']}>{about}</span>}
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

/** 'Monaco - Nice : le coup d'envoi a changé, nouvel horaire …' (the match it carries, else the list's). */
function KickoffText({ notification }: { notification: AppNotification }) {
  const { data: matches } = useNextMatches();
  const listed = matches?.find((m) => m.id === notification.match_id);
  const carried = notification.match;
  const name = carried
    ? `${carried.domicile} - ${carried.exterieur}`
    : listed
      ? `${listed.club_dom.nom} - ${listed.club_ext.nom}`
      : 'Match';
  return <>{kickoffWording(name, notification.kickoff)}</>;
}

import { Suspense, lazy, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { CARPOOL_STATUS, TEXTS } from '@munegu/shared';
import { BellIcon } from '../../../components/ui/icons';
import { useAuth } from '../../../lib/auth';
import { NavbarMenu } from '../../../components/ui/NavbarMenu';
import { useNotifications, type AppNotification } from '../../carpool';
import { notificationStatus, notificationThread } from '../api';
import { useNotificationsRealtime } from '../realtime';
import { useNotificationRemoval } from '../useRemoval';
import { NotificationItem } from './NotificationItem';
import menuStyles from '../../../components/ui/menu.module.css';

// Fetched when a notification is first opened: its dialogs (answer, carpool proposal, result)
// are code that every member's first load would evaluate for nothing.
const NotificationPopup = lazy(() =>
  import('./NotificationPopup').then((m) => ({ default: m.NotificationPopup })),
);

/**
 * The navbar bell (spec section 2): the member's notifications, the unread ones counted on the
 * badge and kept live by the socket. Opening one selects its match on the home page and opens
 * the popup of its status (spec section 4); a coach trip's announcement opens its thread. An
 * information (nothing left to answer) is acted on once read: it fades out of the list when its popup closes, or at once when it opens none
 * (a refusal, a kickoff change). A proposal or request stays until it is answered.
 */
export function NotificationBell() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const { data = [] } = useNotifications(true);
  useNotificationsRealtime(user?.id);
  const { leaving, gone, remove, forget } = useNotificationRemoval();
  const [opened, setOpened] = useState<AppNotification | null>(null);

  const notifications = data.filter((n) => !gone.has(n.id));
  const unread = notifications.filter((n) => !n.read && !leaving.has(n.id)).length;

  const selectMatch = useCallback(
    (matchId: number) => navigate('/', { state: { matchId } }),
    [navigate],
  );
  const open = (notification: AppNotification) => {
    // An announcement opens its trip's thread; the others select their match on the home page.
    const thread = notificationThread(notification);
    if (thread) navigate(thread);
    else if (notification.match_id !== null) selectMatch(notification.match_id);
    const refused = notificationStatus(notification) === CARPOOL_STATUS.REFUSE;
    if (notification.type_notification === 'COVOIT' && !refused) setOpened(notification);
    // Opening no popup, it has been read in the list: it leaves it.
    else remove(notification.id);
  };

  return (
    <>
      <NavbarMenu
        label={
          unread ? `Notifications, ${unread} non lue${unread > 1 ? 's' : ''}` : 'Notifications'
        }
        buttonClassName="icon-btn"
        button={
          <>
            <BellIcon />
            {unread > 0 && (
              <span className={menuStyles['badge']} aria-hidden="true">
                {unread > 99 ? '99+' : unread}
              </span>
            )}
          </>
        }
        title="Notifications"
        wide
      >
        {notifications.length === 0 ? (
          <p className={menuStyles['menu__empty']}>{TEXTS.listings.noNotification}</p>
        ) : (
          // The list scrolls on its own, reachable from the keyboard (a scrolling region
          // must take focus: items named with the match can outgrow a phone's screen).
          <div
            className={menuStyles['menu__scroll']}
            role="group"
            aria-label="Liste des notifications"
            tabIndex={0}
          >
            {notifications.map((notification) => (
              <NotificationItem
                key={notification.id}
                notification={notification}
                leaving={leaving.has(notification.id)}
                onOpen={open}
                onDelete={remove}
              />
            ))}
          </div>
        )}
      </NavbarMenu>
      {opened && (
        <Suspense fallback={null}>
          <NotificationPopup
            key={opened.id}
            notification={opened}
            onClose={() => setOpened(null)}
            onMatch={selectMatch}
            onAnswered={() => forget(opened.id)}
            onRead={() => remove(opened.id)}
          />
        </Suspense>
      )}
    </>
  );
}

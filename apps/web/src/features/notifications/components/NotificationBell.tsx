import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { MESSAGES } from '@munegu/shared';
import { BellIcon } from '../../../components/ui/icons';
import { Avatar } from '../../../components/ui/Avatar';
import { formatMessageTime } from '../../../lib/dates';
import { notificationStatus, notificationWording, useNotifications } from '../api';
import menuStyles from '../../../components/ui/menu.module.css';
import { cx } from '../../../lib/cx';

/**
 * The navbar bell. Each notification opens the popup of its status (spec section 4); those
 * popups arrive with the carpool issue, which passes `onOpen`.
 */
export function NotificationBell({ onOpen }: { onOpen?: (id: number) => void }) {
  const { data: notifications = [] } = useNotifications(true);
  const count = notifications.length;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        className="icon-btn"
        aria-label={count ? `Notifications, ${count} nouvelles` : 'Notifications'}
      >
        <BellIcon />
        {count > 0 && (
          <span className={menuStyles['badge']} aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          className={cx(menuStyles['menu'], menuStyles['menu--wide'])}
          align="end"
          sideOffset={8}
        >
          <DropdownMenu.Label className={menuStyles['menu__label']}>
            Notifications
          </DropdownMenu.Label>
          {count === 0 ? (
            <p className={menuStyles['menu__empty']}>{MESSAGES.listings.noNotification}</p>
          ) : (
            notifications.map((notification) => {
              const sender = notification.sender?.username ?? 'Un membre';
              return (
                <DropdownMenu.Item
                  key={notification.id}
                  className={cx(menuStyles['menu__item'], menuStyles['notif'])}
                  onSelect={() => onOpen?.(notification.id)}
                >
                  <Avatar
                    username={sender}
                    picture={notification.sender?.profile_picture}
                    size={32}
                  />
                  <span>
                    <strong>{sender}</strong>{' '}
                    {notificationWording(notificationStatus(notification))}
                    {notification.date && (
                      <small className={menuStyles['notif__date']}>
                        {formatMessageTime(notification.date)}
                      </small>
                    )}
                  </span>
                </DropdownMenu.Item>
              );
            })
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

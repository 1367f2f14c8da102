import { Link } from 'react-router-dom';
import { MessageIcon } from '../../../components/ui/icons';
import { useAuth } from '../../../lib/auth';
import { useUnreadCount } from '../api';
import { useMessagesRealtime } from '../realtime';
import menuStyles from '../../../components/ui/menu.module.css';

/** Navbar messages icon with its unread badge, kept live by the socket and the 20 s poll. */
export function MessagesLink() {
  const { user } = useAuth();
  const { data: count = 0 } = useUnreadCount(true);
  useMessagesRealtime(user?.id);
  const label = count > 0 ? `Messages, ${count} non lu${count > 1 ? 's' : ''}` : 'Messages';
  return (
    <Link to="/messages" className="icon-btn" aria-label={label}>
      <MessageIcon />
      {count > 0 && (
        <span className={menuStyles['badge']} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

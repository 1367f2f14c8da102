import { Link } from 'react-router-dom';
import { MessageIcon } from '../../../components/ui/icons';
import { useUnreadCount } from '../api';

/** Navbar messages icon with its unread badge. */
export function MessagesLink() {
  const { data: count = 0 } = useUnreadCount(true);
  const label = count > 0 ? `Messages, ${count} non lu${count > 1 ? 's' : ''}` : 'Messages';
  return (
    <Link to="/messages" className="icon-btn" aria-label={label}>
      <MessageIcon />
      {count > 0 && (
        <span className="badge" aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  );
}

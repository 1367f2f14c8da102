import type { CurrentUser } from '../../lib/auth';
import { MessagesLink } from '../../features/messages';
import { NotificationBell } from '../../features/notifications';
import { ProfileMenu } from './ProfileMenu';

/**
 * The signed-in member's navbar actions. The navbar loads this module only once someone is
 * signed in: it brings the realtime socket, the notifications and the profile menu's dropdown,
 * which a visitor's first load does without.
 */
export default function MemberActions({ user }: { user: CurrentUser }) {
  return (
    <>
      <MessagesLink />
      <NotificationBell />
      <ProfileMenu user={user} />
    </>
  );
}

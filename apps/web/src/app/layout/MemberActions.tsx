import { startTransition, useEffect, useState, type ReactNode } from 'react';
import type { CurrentUser } from '../../lib/auth';
import { MessagesLink } from '../../features/messages';
import { NotificationBell } from '../../features/notifications';
import { ProfileMenu } from './ProfileMenu';

/**
 * How many of `total` parts to show: one more per task. Mounting the member's three actions
 * at once (their queries, the socket's listeners, the dropdowns) was one task of 25-60 ms right
 * after the first paint; one per task keeps each short, a few milliseconds apart.
 */
function useOneMorePerTask(total: number): number {
  const [shown, setShown] = useState(1);
  useEffect(() => {
    if (shown >= total) return;
    const id = window.setTimeout(() => startTransition(() => setShown((n) => n + 1)), 0);
    return () => window.clearTimeout(id);
  }, [shown, total]);
  return shown;
}

/**
 * The signed-in member's navbar actions. The navbar loads this module only once someone is
 * signed in: it brings the realtime socket, the notifications and the profile menu's dropdown,
 * which a visitor's first load does without.
 */
export default function MemberActions({ user }: { user: CurrentUser }) {
  const parts: ReactNode[] = [
    <MessagesLink key="messages" />,
    <NotificationBell key="notifications" />,
    <ProfileMenu key="profile" user={user} />,
  ];
  const shown = useOneMorePerTask(parts.length);
  // A part not shown yet keeps its place (every action is a 42 px icon button): nothing moves.
  return parts.map((part, i) =>
    i < shown ? part : <span key={i} className="icon-btn" aria-hidden="true" />,
  );
}

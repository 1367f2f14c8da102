import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_EVENTS } from '@munegu/shared';
import { useSocketEvent, useSocketReconnect } from '../../lib/realtime';
import { carpoolKeys, notificationKeys } from '../carpool';
import { matchKeys } from '../matches';

/**
 * Live bell (spec section 7, real-time): a pushed notification refetches the list (hence the
 * badge) and what the member sees of that match, since a status change moves seats and tabs.
 * A kickoff change also refetches the upcoming matches. After a reconnect the list is
 * refetched, covering anything pushed while offline.
 */
export function useNotificationsRealtime(me: number | undefined): void {
  const qc = useQueryClient();
  useSocketEvent(me, SOCKET_EVENTS.notification, (event) => {
    void qc.invalidateQueries({ queryKey: notificationKeys.mine() });
    if (event.matchId !== null) {
      void qc.invalidateQueries({ queryKey: carpoolKeys.match(event.matchId) });
    }
    if (event.type === 'HORAIRE') void qc.invalidateQueries({ queryKey: matchKeys.next() });
  });
  useSocketReconnect(me, () => void qc.invalidateQueries({ queryKey: notificationKeys.all }));
}

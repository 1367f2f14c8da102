import { useQueryClient } from '@tanstack/react-query';
import { useSocketEvent, useSocketReconnect } from '../../lib/realtime';
import { carpoolKeys } from '../carpool';
import { tripKeys } from './api';

/**
 * Keeps a match's trips live while they are on screen: the API sends 'tripChanged' to the
 * registrants of a trip whose seats or waiting list moved (someone left, the organisers raised
 * the seats), so a waiting position or a promotion shows without a reload. A promotion also
 * makes the member's presence 'bus — {antenne}', hence the carpool views. After a reconnect,
 * whatever was missed meanwhile is read again.
 */
export function useTripsRealtime(me: number | undefined, matchId: number): void {
  const qc = useQueryClient();
  const refresh = () => {
    void qc.invalidateQueries({ queryKey: tripKeys.match(matchId) });
    void qc.invalidateQueries({ queryKey: carpoolKeys.match(matchId) });
  };
  // The event's name is typed by ServerToClientEvents (SOCKET_EVENTS does not list it).
  useSocketEvent(me, 'tripChanged', (event) => {
    if (event.matchId === matchId) refresh();
  });
  useSocketReconnect(me, refresh);
}

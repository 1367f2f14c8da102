import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { SOCKET_EVENTS, type ServerToClientEvents } from '@munegu/shared';
import { acquireSocket, releaseSocket, type RealtimeSocket } from '../../lib/socket';
import { messageKeys, setUnreadDot } from './api';

/**
 * Live messaging (spec section 4): the socket is shared by the navbar badge (always mounted
 * when signed in) and the open chat. The chat registers the member it shows so that the
 * global handler does not light a dot for a message the chat is about to mark read.
 */
let activeChatUserId: number | null = null;
export function setActiveChat(userId: number | null): void {
  activeChatUserId = userId;
}

type EventName = keyof ServerToClientEvents;

/** Subscribes `handler` to a server event on the shared socket while mounted. */
export function useSocketEvent<E extends EventName>(
  me: number | undefined,
  event: E,
  handler: ServerToClientEvents[E],
): void {
  const ref = useRef(handler);
  ref.current = handler;
  useEffect(() => {
    if (me === undefined) return;
    const socket = acquireSocket(me);
    const listener = ((...args: unknown[]) =>
      (ref.current as (...a: unknown[]) => void)(...args)) as never;
    socket.on(event, listener);
    return () => {
      socket.off(event, listener);
      releaseSocket(socket);
    };
  }, [me, event]);
}

/** Runs `onReconnect` after every reconnection (not the first connection). */
export function useSocketReconnect(me: number | undefined, onReconnect: () => void): void {
  const ref = useRef(onReconnect);
  ref.current = onReconnect;
  useEffect(() => {
    if (me === undefined) return;
    const socket: RealtimeSocket = acquireSocket(me);
    let connectedOnce = false;
    const listener = (() => {
      if (connectedOnce) ref.current();
      connectedOnce = true;
    }) as never;
    socket.on('connect' as never, listener);
    return () => {
      socket.off('connect' as never, listener);
      releaseSocket(socket);
    };
  }, [me]);
}

/**
 * Badge and sidebar side of live messages: a message from someone else lights their dot
 * (or brings a new conversation into the list) and refreshes the unread count. After a
 * reconnect everything messaging-related is refetched so nothing missed stays hidden.
 */
export function useMessagesRealtime(me: number | undefined): void {
  const qc = useQueryClient();
  useSocketEvent(me, SOCKET_EVENTS.newMessage, (event) => {
    if (event.senderId === me) return;
    if (event.senderId !== activeChatUserId) {
      if (!setUnreadDot(qc, event.senderId, true)) {
        void qc.invalidateQueries({ queryKey: messageKeys.conversations() });
      }
      void qc.invalidateQueries({ queryKey: messageKeys.unread() });
    }
  });
  useSocketReconnect(me, () => void qc.invalidateQueries({ queryKey: messageKeys.all }));
}

import { useEffect, useRef } from 'react';
import type { ServerToClientEvents } from '@munegu/shared';
import { acquireSocket, hasConnectedBefore, releaseSocket, type RealtimeSocket } from './socket';

/**
 * React side of the shared socket (lib/socket.ts), used by every feature that listens to the
 * server: messaging (new messages, read marks, typing) and the notification bell.
 */
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

/**
 * Runs `onReconnect` after every reconnection (not the first connection), including the first
 * one after this hook mounted on a socket that had already connected.
 */
export function useSocketReconnect(me: number | undefined, onReconnect: () => void): void {
  const ref = useRef(onReconnect);
  ref.current = onReconnect;
  useEffect(() => {
    if (me === undefined) return;
    const socket: RealtimeSocket = acquireSocket(me);
    let connectedOnce = hasConnectedBefore(socket);
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

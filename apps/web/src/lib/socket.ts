import { io, type Socket } from 'socket.io-client';
import {
  LIMITS,
  SOCKET_EVENTS,
  SOCKET_PATH,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SocketErrorAck,
} from '@munegu/shared';
import { ApiError, refreshAccessToken } from './api';
import { isSessionEnding, resetSessionEnd } from './sessionEnd';
import { getToken, isExpiringWithin } from './token';

/**
 * The one realtime connection of the page (spec section 7, real-time paragraph): path
 * '/socket.io', websocket only, cookies included, the access token in the handshake. Every
 * (re)connection reads a fresh token, renewing it first when it is about to expire, so a
 * reconnect after the 15-minute token lifetime still authenticates.
 */
export type RealtimeSocket = Pick<
  Socket<ServerToClientEvents, ClientToServerEvents>,
  'on' | 'off' | 'emit' | 'connect' | 'disconnect' | 'active' | 'connected' | 'timeout'
>;

type AuthCallback = (data: { token: string | null }) => void;

async function handshakeAuth(callback: AuthCallback) {
  let token = getToken();
  if (token && isExpiringWithin(token, LIMITS.tokenRefreshMarginApiMs)) {
    token = (await refreshAccessToken()) ?? token;
  }
  callback({ token });
}

function defaultFactory(): RealtimeSocket {
  return io({
    path: SOCKET_PATH,
    transports: ['websocket'],
    withCredentials: true,
    auth: (cb) => void handshakeAuth(cb as AuthCallback),
  });
}

let factory: () => RealtimeSocket = defaultFactory;
/**
 * After the server cut the socket and could not say whether the login lives on (a restart),
 * the first wait before asking again; each next one doubles, up to the max.
 */
const ASK_AGAIN_FIRST_MS = 2_000;
const ASK_AGAIN_MAX_MS = 60_000;
/** Sockets that have connected at least once: their next 'connect' is a reconnection. */
const hasConnected = new WeakSet<RealtimeSocket>();

/**
 * Whether `socket` has connected before: a listener added now (the navbar's, mounted after
 * the first page) must treat the next 'connect' as a reconnection, after which what was
 * missed meanwhile is refetched.
 */
export function hasConnectedBefore(socket: RealtimeSocket): boolean {
  return hasConnected.has(socket);
}
let current: { socket: RealtimeSocket; userId: number; users: number } | null = null;

/** Tests hand in a fake socket object here (the only boundary they replace). */
export function setSocketFactory(next: (() => RealtimeSocket) | null): void {
  factory = next ?? defaultFactory;
  current = null;
}

/**
 * Shared socket for `userId`, created on first use. Each `acquireSocket` must be paired with a
 * `releaseSocket`; the connection closes when the last user lets go (logout, unmount).
 */
export function acquireSocket(userId: number): RealtimeSocket {
  if (current && current.userId !== userId) {
    current.socket.disconnect();
    current = null;
  }
  if (!current) {
    resetSessionEnd();
    const socket = factory();
    // The server already places the socket in its own room; joinRoom is sent for the
    // documented protocol (spec section 7) and is ignored for any other id.
    socket.on(
      'connect' as never,
      (() => {
        hasConnected.add(socket);
        socket.emit(SOCKET_EVENTS.joinRoom, userId);
      }) as never,
    );
    // A refused handshake (expired token) is not retried by socket.io: renew the token, retry.
    // (socket.active false = refused by the server rather than a network failure.)
    let retries = 0;
    socket.on('connect' as never, (() => (retries = 0)) as never);
    socket.on(
      'connect_error' as never,
      (async () => {
        if (socket.active || retries >= 3) return;
        retries += 1;
        if (await refreshAccessToken()) window.setTimeout(() => socket.connect(), 1_000 * retries);
      }) as never,
    );
    // The server cut this socket (logout elsewhere, suspension, password change, a flood, its
    // own restart): socket.io does not reconnect by itself then. A refresh tells whether the
    // login lives on: if so, reconnect; if the server says it is over, the API client clears
    // the token and the page signs out. If the server could not say (restarting: the token
    // stays), ask again later, less and less often, until it answers.
    let unanswered = 0;
    let askAgain: number | undefined;
    const reconnectIfAlive = () =>
      void refreshAccessToken().then((token) => {
        if (current?.socket !== socket || socket.connected || isSessionEnding()) return;
        if (token) {
          unanswered = 0;
          socket.connect();
        } else if (getToken()) {
          const wait = Math.min(ASK_AGAIN_FIRST_MS * 2 ** unanswered, ASK_AGAIN_MAX_MS);
          unanswered += 1;
          askAgain = window.setTimeout(reconnectIfAlive, wait);
        }
      });
    socket.on(
      'disconnect' as never,
      ((reason: string) => {
        if (reason !== 'io server disconnect' || isSessionEnding()) return;
        window.clearTimeout(askAgain);
        unanswered = 0;
        reconnectIfAlive();
      }) as never,
    );
    current = { socket, userId, users: 0 };
  }
  current.users += 1;
  return current.socket;
}

export function releaseSocket(socket: RealtimeSocket): void {
  if (!current || current.socket !== socket) return;
  current.users -= 1;
  if (current.users <= 0) {
    current.socket.disconnect();
    current = null;
  }
}

/** The page's socket when it is connected right now, else null (then use HTTP). */
export function connectedSocket(): RealtimeSocket | null {
  return current?.socket.connected ? current.socket : null;
}

/**
 * An event was emitted but its acknowledgement never came (timeout, or the connection dropped
 * meanwhile): the server may or may not have acted on it.
 */
export class AckLostError extends Error {
  constructor() {
    super('acknowledgement lost');
    this.name = 'AckLostError';
  }
}

/**
 * The answer of an event emitted with an acknowledgement (`ask`, e.g.
 * `() => socket.timeout(ms).emitWithAck(...)`). An error answer (`{ status, message }`, the body
 * the HTTP route would send) throws the ApiError an HTTP call would; a lost answer throws
 * AckLostError. Never emits again itself: only a caller whose event the server recognises when
 * repeated (a message's `clientId`) may try again.
 */
export async function acknowledged<T extends object>(
  ask: () => Promise<T | SocketErrorAck>,
): Promise<T> {
  let answer: T | SocketErrorAck;
  try {
    answer = await ask();
  } catch {
    throw new AckLostError();
  }
  if ('status' in answer) {
    const { status, message, errors, ttl, code } = answer;
    throw new ApiError(status, message, { errors, ttl, code, fromServer: true });
  }
  return answer;
}

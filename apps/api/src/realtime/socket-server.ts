import {
  SOCKET_PATH,
  userRoom,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@munegu/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Server as HttpServer } from 'node:http';
import { Server } from 'socket.io';
import type { MessagesService, MessagingNotifier } from '../modules/messages/messages.service.js';
import { sendMessageHandler } from '../modules/messages/messages.socket.js';
import type { GroupNotifier } from '../modules/messages/groups.service.js';
import type { TripNotifier } from '../modules/trips/registrations.service.js';
import type { AccountNotifier } from '../modules/moderation/sanctions.service.js';
import { RateLimitedError } from '../plugins/rate-limit/index.js';
import type { Silence } from '../plugins/auth.js';
import { errorAck } from './socket-ack.js';
import type { NotificationPusher } from '../modules/carpool/notifications.service.js';
import type { SocketAuthenticator } from './socket-auth.js';
import { sessionRoom } from './session-endings.js';
import { eventBudget, memberBudgets, originGuard, type EventLimit } from './socket-guards.js';

interface SocketData {
  userId: number;
  /** The login (session family) the socket was opened with; ends with it. */
  familyId: string;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>;

/**
 * socket.io on the API's HTTP server at /socket.io: websocket only (so no sticky sessions are
 * needed behind a proxy), same origin (no CORS; a foreign Origin is refused). No connection state
 * recovery: socket.io restores a recovered socket's rooms and writes its missed events before
 * the authentication middleware runs, so a tab reconnecting under the next account of the
 * browser, or after its login ended, would hear the previous login's events. A reconnection is
 * a new socket, authenticated and joined afresh; the web page refetches what it missed.
 */
export function createRealtimeServer(
  httpServer: HttpServer,
  opts: { allowedOrigins: readonly string[] },
): RealtimeServer {
  return new Server<ClientToServerEvents, ServerToClientEvents, object, SocketData>(httpServer, {
    path: SOCKET_PATH,
    transports: ['websocket'],
    serveClient: false,
    allowRequest: originGuard(opts.allowedOrigins),
    // A member's socket sends a few small events; 16 kB is far above any honest packet.
    maxHttpBufferSize: 16 * 1024,
  });
}

/** The service's view of the socket server: emit to users' rooms. */
export function realtimeNotifier(io: RealtimeServer): MessagingNotifier {
  const rooms = (ids: number[]) => [...new Set(ids)].map(userRoom);
  return {
    newMessage: (ids, event) => void io.to(rooms(ids)).emit('newMessage', event),
    messagesRead: (ids, event) => void io.to(rooms(ids)).emit('messagesRead', event),
    typing: (ids, event) => void io.to(rooms(ids)).emit('typing', event),
    conversationBlocked: (ids, event) => void io.to(rooms(ids)).emit('conversationBlocked', event),
    conversationAccepted: (ids, event) =>
      void io.to(rooms(ids)).emit('conversationAccepted', event),
  };
}

/** Group messages, to the user rooms of the group's current members (issue 30). */
export function realtimeGroupNotifier(io: RealtimeServer): GroupNotifier {
  return {
    groupMessage: (ids, event) => {
      if (ids.length > 0) io.to([...new Set(ids)].map(userRoom)).emit('groupMessage', event);
    },
  };
}

/** A coach trip's seats or waiting list changed (issue 30), to the given members' rooms. */
export function realtimeTripNotifier(io: RealtimeServer): TripNotifier {
  return {
    tripChanged: (ids, event) => {
      if (ids.length > 0) io.to([...new Set(ids)].map(userRoom)).emit('tripChanged', event);
    },
  };
}

/** The member's own account changed (a silence imposed or lifted), to their tabs only. */
export function realtimeAccountNotifier(io: RealtimeServer): AccountNotifier {
  return { accountChanged: (userId) => void io.to(userRoom(userId)).emit('accountChanged') };
}

/** Bell notifications, pushed to every socket of the recipient. */
export function realtimeNotificationPusher(io: RealtimeServer): NotificationPusher {
  return {
    notification: (userId, event) => void io.to(userRoom(userId)).emit('notification', event),
  };
}

export interface RealtimeHandlersDeps {
  authenticate: SocketAuthenticator;
  parseCookie: (header: string) => Record<string, string | undefined>;
  messages: MessagesService;
  /**
   * The socket's member if its login is still live and the member ACTIVE, with their silence
   * (the HTTP caller lookup); null otherwise.
   */
  callerOf: (userId: number, familyId: string) => Promise<{ silence: Silence | null } | null>;
  log: FastifyBaseLogger;
  /** Every event of a socket. */
  eventLimit: EventLimit;
  /** 'sendMessage' of a member, all of their sockets on this instance together, besides `eventLimit`. */
  messageLimit: EventLimit;
}

/** The acknowledgement of an event refused by a budget: 429, as the HTTP limiter answers. */
function refusedAck(budget: { resetsIn(): number }, log: FastifyBaseLogger) {
  return errorAck(new RateLimitedError(Math.max(1, Math.ceil(budget.resetsIn() / 1000))), log);
}

/** Handshake authentication and the per-socket events. */
export function registerRealtimeHandlers(io: RealtimeServer, deps: RealtimeHandlersDeps): void {
  const sendMessage = sendMessageHandler(deps);
  const messageBudgets = memberBudgets(deps.messageLimit);
  io.use((socket, next) => {
    const cookies = deps.parseCookie(socket.handshake.headers.cookie ?? '');
    deps
      .authenticate(socket.handshake.auth?.token, cookies.session_id)
      .then((identity) => {
        if (identity === null) return next(new Error('Tu dois être connecté(e).'));
        socket.data.userId = identity.userId;
        socket.data.familyId = identity.familyId;
        next();
      })
      .catch((err: unknown) => {
        deps.log.error({ err }, 'authentification socket impossible');
        next(new Error('Erreur serveur'));
      });
  });

  io.on('connection', (socket) => {
    const me = socket.data.userId;
    // The only rooms a socket ever joins: its own user's, to receive, and its login's, to be
    // cut when that login ends.
    void socket.join([userRoom(me), sessionRoom(socket.data.familyId)]);

    const cut = () => {
      deps.log.warn({ userId: me }, 'socket coupé : trop d’événements');
      socket.disconnect(true);
    };
    const budget = eventBudget(deps.eventLimit);
    socket.use((packet, next) => {
      const verdict = budget.take();
      if (verdict === 'ok') return next();
      // Dropped: `next` is not called, so the event is neither handled nor relayed; an event
      // that awaits an answer is told why at once rather than left to its timeout.
      const ack: unknown = packet[packet.length - 1];
      if (typeof ack === 'function') ack(refusedAck(budget, deps.log));
      if (verdict === 'cut') cut();
    });

    // Kept for clients that announce themselves; it never joins another user's room.
    socket.on('joinRoom', () => {});

    socket.on('sendMessage', (payload, ack) => {
      // A client that does not wait for the answer still gets its message sent.
      const answer = typeof ack === 'function' ? ack : () => {};
      const messageBudget = messageBudgets.of(me);
      const verdict = messageBudget.take();
      if (verdict !== 'ok') {
        answer(refusedAck(messageBudget, deps.log));
        if (verdict === 'cut') cut();
        return;
      }
      // A write checks the login as the HTTP route does on every request: an expired login or
      // an account changed outside the API would otherwise keep sending until the next sweep.
      const familyId = socket.data.familyId;
      const caller = () => deps.callerOf(me, familyId);
      void sendMessage(me, payload, { familyId, caller }).then((ack) => {
        answer(ack);
        if ('status' in ack && ack.status === 401) socket.disconnect(true);
      });
    });

    socket.on('typing', (payload) => {
      const conversationId = Number((payload as { conversationId?: unknown })?.conversationId);
      if (!Number.isInteger(conversationId) || conversationId <= 0) return;
      deps.messages.typing(me, conversationId).catch((err: unknown) => {
        deps.log.warn({ err }, 'indicateur de saisie non relayé');
      });
    });
  });
}

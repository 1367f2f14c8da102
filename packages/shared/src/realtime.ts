import type { ErrorBody } from './errors.js';
import type { GroupMessage } from './schemas/message-groups.js';
import type { SendMessageBody, SendMessageResponse } from './schemas/messages.js';

/**
 * Socket.io events between the API and the web page (spec section 7, real-time paragraph).
 * The socket lives at path '/socket.io', websocket transport only, with credentials; the
 * handshake sends `auth: { token: <access token> }`. The server puts every socket in its own
 * user's room at connection; 'joinRoom' exists for compatibility and never joins another room.
 * The page sends messages with 'sendMessage' while connected, POST /messages/send otherwise.
 * After a reconnect the page refetches what it shows (connection state recovery replays short
 * gaps; the refetch covers longer ones), so no message is silently lost.
 */

export const SOCKET_PATH = '/socket.io';

export const SOCKET_EVENTS = {
  newMessage: 'newMessage',
  messagesRead: 'messagesRead',
  typing: 'typing',
  conversationBlocked: 'conversationBlocked',
  conversationAccepted: 'conversationAccepted',
  notification: 'notification',
  groupMessage: 'groupMessage',
  accountChanged: 'accountChanged',
  joinRoom: 'joinRoom',
  sendMessage: 'sendMessage',
} as const;

/** Message fields of a live 'newMessage' (fromMe is computed by the page: senderId === me). */
export interface LiveMessage {
  id: number;
  conversationId: number;
  fromId: number;
  toId: number;
  content: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  readAt: string | null;
}

export interface NewMessageEvent {
  senderId: number;
  receiverId: number;
  message: LiveMessage;
}

/** The other party read the conversation up to `readAt`. */
export interface MessagesReadEvent {
  conversationId: number;
  readerId: number;
  /** ISO 8601 UTC. */
  readAt: string;
}

/** `userId` is typing in `conversationId` (relayed to the other participant only). */
export interface TypingEvent {
  conversationId: number;
  userId: number;
}

/**
 * A conversation was blocked (`blockedByUserId` = the member who blocked) or unblocked (null),
 * pushed to both members' sockets after the change is stored, so an open chat shows the blocked
 * state (or the composer again) without a reload.
 */
export interface ConversationBlockedEvent {
  conversationId: number;
  blockedByUserId: number | null;
}

/**
 * The recipient of a message request accepted it, pushed to both members' sockets once it is
 * stored: the requester's open chat gets its composer back without a reload.
 */
export interface ConversationAcceptedEvent {
  conversationId: number;
}

/**
 * A new bell notification for the receiving member (carpool status change, kickoff moved):
 * the page refetches its list and badge; `id` lets it ignore a duplicate.
 */
export interface NotificationEvent {
  id: number;
  type: 'COVOIT' | 'HORAIRE' | 'DEPLACEMENT';
  matchId: number | null;
}

export interface ServerToClientEvents {
  newMessage: (event: NewMessageEvent) => void;
  messagesRead: (event: MessagesReadEvent) => void;
  typing: (event: TypingEvent) => void;
  conversationBlocked: (event: ConversationBlockedEvent) => void;
  conversationAccepted: (event: ConversationAcceptedEvent) => void;
  notification: (event: NotificationEvent) => void;
  /**
   * A message in one of the member's group threads (issue 30), sent to the rooms of the
   * group's current members only: fromMe is false here, the page compares senderId.
   */
  groupMessage: (event: GroupMessage) => void;
  /**
   * A coach trip's seats or waiting list changed (issue 30), sent after the commit to the user
   * rooms of everyone registered on it (confirmed or waiting) and of its organisers: the page
   * refetches the match's trips, so a waiting position stays live.
   */
  tripChanged: (event: TripChangedEvent) => void;
  /**
   * The member's own account changed while their tabs are open: a moderator silenced them or
   * lifted their silence. Sent after the commit to their user room only; the page reads
   * GET /users/me again, so its chats close or reopen their field at once. (A suspension ends
   * the member's sockets instead.)
   */
  accountChanged: () => void;
}

export interface TripChangedEvent {
  tripId: number;
  matchId: number;
}

/**
 * What 'sendMessage' is acknowledged with: the stored message, as POST /messages/send answers
 * it, or the error that route would answer: its HTTP status and the same body (French message,
 * code, field errors, ttl for 429).
 */
export type SendMessageAck = SendMessageResponse | SocketErrorAck;
export type SocketErrorAck = ErrorBody & { status: number };

export function isSocketError(ack: SendMessageAck): ack is SocketErrorAck {
  return 'status' in ack;
}

export interface ClientToServerEvents {
  /** Accepted for compatibility; the server only ever uses the authenticated user's room. */
  joinRoom: (userId: number) => void;
  typing: (event: { conversationId: number }) => void;
  /**
   * POST /messages/send over the already authenticated socket: the same body, the same rules,
   * the same pushes ('newMessage' to both members' rooms). Its own per-socket budget
   * (SOCKET_MESSAGES_PER_10S) besides the one of every event.
   */
  sendMessage: (body: SendMessageBody, ack: (answer: SendMessageAck) => void) => void;
}

/** The room of one user: every socket of that user (all tabs, all instances) is in it. */
export function userRoom(userId: number): string {
  return `user-${userId}`;
}

import { useQuery, type QueryClient } from '@tanstack/react-query';
import {
  LIMITS,
  SOCKET_EVENTS,
  type ConversationDetail,
  type ConversationListItem,
  type Message,
} from '@munegu/shared';
import { unwrap } from '../../lib/api';
import { call, callIfAuthenticated } from '../../lib/call';
import { acknowledged, connectedSocket } from '../../lib/socket';

/** Spec section 3 types, from the shared contract the API validates against. */
export type Conversation = ConversationListItem;
export type ChatMessage = Message;
export type { ConversationDetail, ConversationMeta } from '@munegu/shared';
export type UserSearchResult = { id: number; username: string; profile_picture: string | null };

export const messageKeys = {
  all: ['messages'] as const,
  unread: () => [...messageKeys.all, 'unread-count'] as const,
  conversations: () => [...messageKeys.all, 'conversations'] as const,
  conversation: (userId: number) => [...messageKeys.all, 'conversation', userId] as const,
};

/**
 * Unread badge: polled every 20 s, only while the tab is visible (TanStack pauses interval
 * refetches in background tabs). A failing endpoint simply shows no badge.
 */
export function useUnreadCount(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: async ({ signal }) => {
      const data = unwrap(await callIfAuthenticated('GET /messages/unread-count', { signal }));
      return typeof data?.count === 'number' ? data.count : 0;
    },
    enabled,
    refetchInterval: LIMITS.unreadPollMs,
    refetchIntervalInBackground: false,
    retry: false,
  });
}

export function useConversations(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.conversations(),
    queryFn: async ({ signal }) =>
      unwrap(await call('GET /messages/conversations', { signal })) ?? [],
    enabled,
  });
}

export function useConversation(userId: number | undefined) {
  return useQuery({
    queryKey: messageKeys.conversation(userId ?? 0),
    queryFn: async ({ signal }) =>
      unwrap(await call('GET /messages/conversation/:userId', { params: { userId }, signal })),
    enabled: userId !== undefined,
    retry: false,
  });
}

export function searchUsers(q: string, signal?: AbortSignal) {
  return call('GET /users/search', { query: { q }, signal });
}

/**
 * One attempt at a message: over the page's already authenticated socket when it is connected
 * (no HTTP exchange, no per-request checks: the fast path of issue 12), else through POST
 * /messages/send. A lost answer is an AckLostError (or a network ApiError); the outbox then
 * tries again with the same `clientId`, which the server stores once whichever way each
 * attempt went.
 */
export function sendMessage(toUserId: number, content: string, clientId: string) {
  const body = { toUserId, content, clientId };
  const socket = connectedSocket();
  if (!socket) return call('POST /messages/send', { body });
  return acknowledged(() =>
    socket.timeout(LIMITS.messageAckTimeoutMs).emitWithAck(SOCKET_EVENTS.sendMessage, body),
  );
}

export const acceptConversation = (id: number) =>
  call('POST /messages/accept/:conversationId', { params: { conversationId: id } });
export const markConversationRead = (id: number) =>
  call('PATCH /messages/conversation/:id/mark-read', { params: { id } });
export const blockConversation = (id: number) =>
  call('PATCH /messages/conversation/:id/block', { params: { id } });
export const unblockConversation = (id: number) =>
  call('PATCH /messages/conversation/:id/unblock', { params: { id } });
export const loadOlderMessages = (id: number, offset: number) =>
  call('GET /messages/conversation/:id/load-more', { params: { id }, query: { offset } });

/** Oldest first, each id once: live pushes, sends and older pages may overlap. */
export function mergeMessages(a: Message[], b: Message[]): Message[] {
  const byId = new Map<number, Message>();
  for (const m of [...a, ...b]) byId.set(m.id, { ...byId.get(m.id), ...m });
  return [...byId.values()].sort(
    (x, y) => Date.parse(x.createdAt) - Date.parse(y.createdAt) || x.id - y.id,
  );
}

/** Adds messages to a cached conversation (no-op when it is not cached). */
export function addToConversation(qc: QueryClient, otherId: number, added: Message[]): void {
  qc.setQueryData<ConversationDetail>(messageKeys.conversation(otherId), (old) =>
    old ? { ...old, messages: mergeMessages(old.messages, added) } : old,
  );
}

/** Turns a sidebar dot on or off; false when that conversation is not listed yet. */
export function setUnreadDot(qc: QueryClient, otherId: number, hasUnread: boolean): boolean {
  let found = false;
  qc.setQueryData<Conversation[]>(messageKeys.conversations(), (old) =>
    old?.map((c) => {
      if (c.userId !== otherId) return c;
      found = true;
      return { ...c, hasUnread };
    }),
  );
  return found;
}

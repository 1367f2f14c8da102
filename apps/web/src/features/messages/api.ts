import { useQuery } from '@tanstack/react-query';
import { LIMITS } from '@munegu/shared';
import { api, apiRequestIfAuthenticated, unwrap } from '../../lib/api';

/** Spec section 3: Conversation. */
export type Conversation = {
  id: number;
  userId: number;
  username: string;
  avatar: string | null;
  hasUnread: boolean;
};

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
      const data = unwrap(
        await apiRequestIfAuthenticated<{ count: number }>('/messages/unread-count', { signal }),
      );
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
      unwrap(await api.get<Conversation[]>('/messages/conversations', { signal })) ?? [],
    enabled,
  });
}

/** Spec section 3: Message and Conversation meta. */
export type ChatMessage = {
  id: number;
  fromId: number;
  toId: number;
  content: string;
  createdAt: string;
  fromMe: boolean;
};
export type ConversationMeta = {
  conversationId: number | null;
  blockedByUserId: number | null;
  newConversation: boolean;
  accepted: boolean;
  hadReplied: boolean;
  position: 'user1' | 'user2';
};
export type UserSearchResult = { id: number; username: string; profile_picture: string | null };

export function useConversation(userId: number | undefined) {
  return useQuery({
    queryKey: messageKeys.conversation(userId ?? 0),
    queryFn: async ({ signal }) =>
      unwrap(
        await api.get<{ messages: ChatMessage[]; meta: ConversationMeta }>(
          `/messages/conversation/${userId}`,
          { signal },
        ),
      ),
    enabled: userId !== undefined,
    retry: false,
  });
}

export function searchUsers(q: string, signal?: AbortSignal) {
  return api.get<UserSearchResult[]>(`/users/search?q=${encodeURIComponent(q)}`, { signal });
}

export function sendMessage(toUserId: number, content: string) {
  return api.post<ChatMessage>('/messages/send', { toUserId, content });
}

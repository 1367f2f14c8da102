import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { ConversationDetail, Message } from '@munegu/shared';
import { unwrap } from '../../lib/api';
import {
  acceptConversation,
  addToConversation,
  blockConversation,
  markConversationRead,
  messageKeys,
  sendMessage,
  setUnreadDot,
  unblockConversation,
} from './api';
import { keptOutbox } from './chatOutbox';
import type { Outbox } from './outbox';

/**
 * Every write of the messaging feature and what it changes in the cache, in one place.
 * Components only call `mutate`/`mutateAsync` and show the outcome.
 */

/**
 * What a stored message changes: it is written into the conversation once and the sidebar
 * list is refreshed; the conversation itself is fetched again only when the send can change
 * what the page allows (the first message, or one while the request is unanswered).
 */
function afterSent(qc: QueryClient, otherId: number, sent: Message): void {
  const key = messageKeys.conversation(otherId);
  const before = qc.getQueryData<ConversationDetail>(key);
  addToConversation(qc, otherId, [sent]);
  void qc.invalidateQueries({ queryKey: messageKeys.conversations(), exact: true });
  if (!before || before.meta.conversationId === null || !before.meta.accepted) {
    void qc.invalidateQueries({ queryKey: key });
  }
}

/** The outbox of the conversation with `otherId` (chatOutbox.ts keeps one per chat). */
export function useOutbox(me: number, otherId: number): Outbox<Message> {
  const qc = useQueryClient();
  return keptOutbox(qc, `1:1:${me}:${otherId}`, () => ({
    send: async (content, clientId) =>
      unwrap(await sendMessage(otherId, content, clientId)).message,
    delivered: (message) => afterSent(qc, otherId, message),
    // Refused: the conversation as the server holds it shows why (a block, a request not
    // accepted yet).
    cameBack: () => void qc.invalidateQueries({ queryKey: messageKeys.conversation(otherId) }),
  }));
}

/** Marks the open conversation read: the sidebar dot goes out and the badge recounts. */
export function useMarkRead(otherId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (conversationId: number) =>
      unwrap(await markConversationRead(conversationId)),
    onSuccess: () => {
      setUnreadDot(qc, otherId, false);
      return qc.invalidateQueries({ queryKey: messageKeys.unread() });
    },
  });
}

/** Accept a request, or unblock: the conversation's state changes, so it is fetched again. */
export function useConversationAction(otherId: number, action: 'accept' | 'unblock') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (conversationId: number) =>
      unwrap(
        await (action === 'accept'
          ? acceptConversation(conversationId)
          : unblockConversation(conversationId)),
      ),
    onSuccess: () => void qc.invalidateQueries({ queryKey: messageKeys.conversation(otherId) }),
  });
}

/** Blocking ends the conversation for both: everything messaging-related is refreshed. */
export function useBlockConversation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: async (conversationId: number) => unwrap(await blockConversation(conversationId)),
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.all }),
  });
}

import { useSyncExternalStore } from 'react';
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
import { createOutbox, type Outbox } from './outbox';

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

/**
 * One outbox per conversation and query client (so per signed-in page; tests get fresh
 * ones): it outlives the chat that filled it, so switching conversations in the middle of a
 * burst still sends the rest, and a refusal waits for the chat to be opened again.
 */
const outboxes = new WeakMap<QueryClient, Map<string, Outbox>>();

export function outboxFor(qc: QueryClient, me: number, otherId: number): Outbox {
  let byChat = outboxes.get(qc);
  if (!byChat) outboxes.set(qc, (byChat = new Map()));
  const id = `${me}:${otherId}`;
  let box = byChat.get(id);
  if (!box) {
    box = createOutbox({
      send: async (content) => unwrap(await sendMessage(otherId, content)).message,
      delivered: (message) => afterSent(qc, otherId, message),
      // Refused or unconfirmed: the conversation as the server holds it shows why (a block,
      // a request not accepted yet) or whether the message went after all.
      cameBack: () => void qc.invalidateQueries({ queryKey: messageKeys.conversation(otherId) }),
    });
    byChat.set(id, box);
  }
  return box;
}

/** Messages still leaving this page, of every conversation (for the leave-page warning). */
export function anyPending(qc: QueryClient): boolean {
  return [...(outboxes.get(qc)?.values() ?? [])].some((b) => b.getState().pending.length > 0);
}

/**
 * The chat's side of its outbox: `send` queues a checked text (the field is emptied at once),
 * `state` lists what is still leaving and what came back refused.
 */
export function useOutbox(me: number, otherId: number) {
  const qc = useQueryClient();
  const box = outboxFor(qc, me, otherId);
  const state = useSyncExternalStore(box.subscribe, box.getState);
  return { state, send: box.push, takeRefused: box.takeRefused, current: box.getState };
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

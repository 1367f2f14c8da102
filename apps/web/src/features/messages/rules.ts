import type { ConversationMeta, Message } from '@munegu/shared';

/**
 * What the chat lets the caller do (spec section 4, Messaging), from the meta the server
 * sends. The server enforces the same rules; this only decides what the page shows.
 */
export type ChatState =
  | { kind: 'open' }
  | { kind: 'waiting' } // user1 sent the single request message, not accepted yet
  | { kind: 'must-accept' } // user2 received a request
  | { kind: 'blocked-by-me' }
  | { kind: 'blocked-by-other' }
  | { kind: 'gone' }; // the other party deleted their account: read only

export function chatState(
  meta: ConversationMeta,
  messages: Message[],
  me: number,
  otherGone = false,
): ChatState {
  if (otherGone) return { kind: 'gone' };
  if (meta.blockedByUserId !== null) {
    return { kind: meta.blockedByUserId === me ? 'blocked-by-me' : 'blocked-by-other' };
  }
  if (meta.conversationId === null || meta.accepted) return { kind: 'open' };
  if (meta.position === 'user2') return { kind: 'must-accept' };
  // user1 may send exactly one message before acceptance.
  return messages.some((m) => m.fromMe) ? { kind: 'waiting' } : { kind: 'open' };
}

/** The caller's last message, when the other party has read it ('Vu'). */
export function seenMessageId(meta: ConversationMeta, messages: Message[]): number | null {
  const mine = messages.filter((m) => m.fromMe);
  const last = mine[mine.length - 1];
  if (!last) return null;
  if (last.readAt) return last.id;
  if (meta.otherReadAt && Date.parse(meta.otherReadAt) >= Date.parse(last.createdAt)) {
    return last.id;
  }
  return null;
}

export const fill = (text: string, name: string) => text.replace('{name}', name);

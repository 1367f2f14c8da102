import type { EventEmitter } from '../../events/domain-events.js';
import {
  LIMITS,
  type ConversationAcceptedEvent,
  type ConversationBlockedEvent,
  MESSAGING_TEXTS as M,
  type ConversationDetail,
  type ConversationListItem,
  type Message,
  type MessagesReadEvent,
  type NewMessageEvent,
  type SendMessageBody,
  type SendMessageResponse,
  type TypingEvent,
} from '@munegu/shared';
import { isUniqueViolation } from '../../db/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Tx } from '../../db/tx.js';
import { AppError } from '../../lib/errors.js';
import type { AccountBudgets } from '../../plugins/rate-limit/account-budgets.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import { refuseIfSilenced, UNAUTHENTICATED_MESSAGE, type Silence } from '../../plugins/auth.js';
import type { ConversationRow, MessageRow, MessagesRepository } from './messages.repository.js';

/** Pushes live events to every socket of the given users (all tabs, all instances). */
export interface MessagingNotifier {
  newMessage(userIds: number[], event: NewMessageEvent): void;
  messagesRead(userIds: number[], event: MessagesReadEvent): void;
  typing(userIds: number[], event: TypingEvent): void;
  conversationBlocked(userIds: number[], event: ConversationBlockedEvent): void;
  conversationAccepted(userIds: number[], event: ConversationAcceptedEvent): void;
}

/** A message the send path holds: stored now, or by an earlier attempt (`repeat`). */
type Stored = { row: MessageRow; repeat: boolean };

export interface MessagesServiceDeps {
  repo: MessagesRepository;
  clock: Clock;
  notifier: MessagingNotifier;
  /** Announces a stored message (push reaches the recipient's devices). */
  events: EventEmitter;
  /** New conversation requests per account (RATE_LIMIT_MESSAGE_REQUEST). */
  budgets: AccountBudgets;
  /** The member's unread group messages, counted in the same badge (issue 30). */
  groupUnread: (userId: number) => Promise<number>;
}

function toMessage(row: MessageRow, me: number): Message {
  return {
    id: row.id,
    fromId: row.senderId,
    toId: row.receiverId,
    content: row.content,
    createdAt: row.createdAt.toISOString(),
    fromMe: row.senderId === me,
    readAt: row.readAt?.toISOString() ?? null,
  };
}

const PAGE = LIMITS.messagesPageSize;

/** The login a socket's message comes from, and the lookup of its member (null: signed out). */
export interface SocketLogin {
  familyId: string;
  caller: () => Promise<{ silence: Silence | null } | null>;
}

/** Spec section 4 (Messaging): requests, acceptance, blocking, reading. */
export function messagesService({
  repo,
  clock,
  notifier,
  events,
  budgets,
  groupUnread,
}: MessagesServiceDeps) {
  /** The conversation if the caller takes part in it; 404 otherwise (never reveal others'). */
  async function ownConversation(callerId: number, id: number): Promise<ConversationRow> {
    const c = await repo.findConversation(id);
    if (!c || (c.user1Id !== callerId && c.user2Id !== callerId))
      throw new AppError('NOT_FOUND', M.conversationNotFound);
    return c;
  }
  const otherOf = (c: ConversationRow, me: number) => (c.user1Id === me ? c.user2Id : c.user1Id);
  /** A suspended or banned member's conversations are hidden from others until lifted. */
  const isSuspended = (user: { status: string }) => user.status === 'SUSPENDED';

  /** Why the caller may not write in `c` now, or null when they may. */
  async function refusal(c: ConversationRow, senderId: number): Promise<AppError | null> {
    if (c.blockedByUserId !== null) return new AppError('FORBIDDEN', M.blocked);
    if (c.accepted) return null;
    if (c.user2Id === senderId) return new AppError('FORBIDDEN', M.mustAcceptFirst);
    // user1 may send exactly one message while the request waits.
    if (await repo.hasSentIn(c.id, senderId)) return new AppError('FORBIDDEN', M.notAccepted);
    return null;
  }

  /**
   * The message the sender already stored under `clientId`: a repeat of a send whose answer was
   * lost answers with it, so the page can try again without storing the text twice. null: new.
   */
  async function earlierSend(
    senderId: number,
    { toUserId, clientId }: SendMessageBody,
  ): Promise<MessageRow | null> {
    if (!clientId) return null;
    const earlier = await repo.findSent(senderId, clientId);
    // One key per message: the same key towards someone else is a broken client.
    if (earlier && earlier.receiverId !== toUserId) {
      throw new AppError('VALIDATION', M.invalidClientId);
    }
    return earlier;
  }

  /**
   * Applies the rules to the conversation `c` of the pair (null: none yet) and stores the
   * message, with the conversation when it is the first.
   */
  async function store(
    senderId: number,
    body: SendMessageBody,
    c: ConversationRow | null,
    carpool: boolean,
  ): Promise<Stored> {
    const { toUserId, content, clientId } = body;
    const now = clock.now();
    if (!c) {
      // A request lands in a stranger's inbox: a budget per account against spam runs. Messages
      // in an accepted conversation need no budget of their own: the recipient can block.
      if (!carpool) await budgets.take('messageRequest', String(senderId));
      const row = await repo.startConversation({
        create: { user1Id: senderId, user2Id: toUserId, accepted: carpool },
        content,
        now,
        clientId,
      });
      return { row, repeat: false };
    }
    // Confirmed carpool members skip the request step, even for an older request.
    if (!c.accepted && carpool && c.blockedByUserId === null) {
      await repo.setAccepted(c.id);
      c.accepted = true;
    }
    const refused = await refusal(c, senderId);
    if (refused) throw refused;
    const row = await repo.appendMessage({
      conversationId: c.id,
      senderId,
      receiverId: toUserId,
      content,
      now,
      clientId,
    });
    if (row) return { row, repeat: false };
    // The statement stored nothing: another attempt of this message got there first, or the
    // conversation was blocked between the checks and the write.
    const earlier = await earlierSend(senderId, body);
    if (earlier) return { row: earlier, repeat: true };
    throw new AppError('FORBIDDEN', M.blocked);
  }

  /** Every rule of a send, for what the one-statement path did not store. */
  async function sendByTheRules(senderId: number, body: SendMessageBody): Promise<Stored> {
    const { toUserId } = body;
    // The recipient, the conversation and a shared carpool in one read.
    const {
      recipientStatus,
      conversation: c,
      carpool,
    } = await repo.sendContext(senderId, toUserId);
    if (recipientStatus === null) throw new AppError('NOT_FOUND', M.unknownUser);
    if (recipientStatus !== 'ACTIVE') throw new AppError('FORBIDDEN', M.recipientUnavailable);
    try {
      return await store(senderId, body, c, carpool);
    } catch (err) {
      // Both members started the conversation at the same instant (or two attempts of this
      // first message did): the other won; answer with this message if it was that one, else
      // retry once against the conversation it created, so the rules apply to it.
      if (!isUniqueViolation(err)) throw err;
      const earlier = await earlierSend(senderId, body);
      if (earlier) return { row: earlier, repeat: true };
      const created = await repo.findConversationByPair(senderId, toUserId);
      return store(senderId, body, created, carpool);
    }
  }

  return {
    async unreadCount(callerId: number): Promise<{ count: number }> {
      const [own, groups] = await Promise.all([repo.countUnread(callerId), groupUnread(callerId)]);
      return { count: own + groups };
    },

    async conversations(callerId: number): Promise<ConversationListItem[]> {
      const [rows, unread] = await Promise.all([
        repo.listFor(callerId),
        repo.unreadConversationIds(callerId),
      ]);
      const others = rows.map((c) => ({ c, other: c.user1Id === callerId ? c.user2 : c.user1 }));
      return others
        .filter(({ other }) => !isSuspended(other))
        .map(({ c, other }) => {
          const gone = other.status === 'DELETED';
          return {
            id: c.id,
            userId: other.id,
            username: gone ? M.unknownUser : other.username,
            deleted: gone,
            avatar: gone ? null : avatarUrl(other.avatarFile, other.avatarVersion),
            hasUnread: unread.has(c.id),
          };
        });
    },

    /** The latest 20 messages with `userId` (oldest first) and the conversation's meta. */
    async conversationWith(callerId: number, userId: number): Promise<ConversationDetail> {
      if (userId === callerId) throw new AppError('VALIDATION', M.self);
      const other = await repo.findUser(userId);
      if (!other || isSuspended(other)) throw new AppError('NOT_FOUND', M.unknownUser);
      const c = await repo.findConversationByPair(callerId, userId);
      if (!c) {
        return {
          messages: [],
          meta: {
            conversationId: null,
            blockedByUserId: null,
            newConversation: true,
            accepted: false,
            hadReplied: false,
            position: 'user1',
            otherReadAt: null,
          },
        };
      }
      const [page, replied] = await Promise.all([
        repo.pageNewestFirst(c.id, 0, PAGE),
        repo.hasSentIn(c.id, c.user2Id),
      ]);
      const mine = c.user1Id === callerId;
      const otherReadAt = mine ? c.user2ReadAt : c.user1ReadAt;
      return {
        messages: page.reverse().map((m) => toMessage(m, callerId)),
        meta: {
          conversationId: c.id,
          blockedByUserId: c.blockedByUserId,
          newConversation: false,
          accepted: c.accepted,
          hadReplied: replied,
          position: mine ? 'user1' : 'user2',
          otherReadAt: otherReadAt?.toISOString() ?? null,
        },
      };
    },

    /** The 20 messages older than the `offset` already loaded, oldest first. */
    async loadMore(callerId: number, conversationId: number, offset: number): Promise<Message[]> {
      const c = await ownConversation(callerId, conversationId);
      const other = await repo.findUser(otherOf(c, callerId));
      if (!other || isSuspended(other)) throw new AppError('NOT_FOUND', M.conversationNotFound);
      const page = await repo.pageNewestFirst(conversationId, offset, PAGE);
      return page.reverse().map((m) => toMessage(m, callerId));
    },

    /**
     * Stores first, then pushes to both members' rooms; a refusal stores and pushes nothing. A
     * repeat (`clientId` already stored) answers with the stored message and pushes nothing
     * more: both rooms had it when it was stored.
     */
    async send(
      senderId: number,
      body: SendMessageBody,
      /**
       * A socket's message: the login it was opened with, checked in the same statement on the
       * common path, by `caller()` (the HTTP caller lookup: signed in, not silenced) before the
       * rules otherwise. A route's caller was looked up (and its silence checked) by the request.
       */
      login?: SocketLogin,
    ): Promise<SendMessageResponse> {
      const { toUserId, content, clientId } = body;
      if (toUserId === senderId) throw new AppError('VALIDATION', M.self);
      // Most messages go to an accepted, unblocked conversation with an active member: stored
      // in one statement that checks exactly that (bench/realtime.bench.ts). Otherwise the
      // rules below decide.
      const stored = await repo.appendToOpenConversation({
        senderId,
        receiverId: toUserId,
        content,
        now: clock.now(),
        senderLogin: login?.familyId,
        clientId,
      });
      if (!stored && login) {
        const caller = await login.caller();
        if (!caller) throw new AppError('UNAUTHENTICATED', UNAUTHENTICATED_MESSAGE);
        refuseIfSilenced(caller);
      }
      const earlier = stored ? null : await earlierSend(senderId, body);
      const { row, repeat } = stored
        ? { row: stored, repeat: false }
        : earlier
          ? { row: earlier, repeat: true }
          : await sendByTheRules(senderId, body);
      const message = toMessage(row, senderId);
      if (repeat) return { message, conversationId: row.conversationId };
      notifier.newMessage([toUserId, senderId], {
        senderId,
        receiverId: toUserId,
        message: {
          id: row.id,
          conversationId: row.conversationId,
          fromId: senderId,
          toId: toUserId,
          content: row.content,
          createdAt: message.createdAt,
          readAt: null,
        },
      });
      await events.emit('messageSent', {
        senderId,
        receiverId: toUserId,
        conversationId: row.conversationId,
      });
      return { message, conversationId: row.conversationId };
    },

    /** Only user2 (the recipient of the request) accepts it. */
    async accept(callerId: number, conversationId: number): Promise<void> {
      const c = await ownConversation(callerId, conversationId);
      if (c.user2Id !== callerId) throw new AppError('FORBIDDEN', M.onlyRecipientAccepts);
      if (c.blockedByUserId !== null) throw new AppError('FORBIDDEN', M.blocked);
      if (c.accepted) return;
      await repo.setAccepted(c.id);
      // The requester's open chat was waiting on this: its composer comes back at once.
      notifier.conversationAccepted([c.user1Id, c.user2Id], { conversationId: c.id });
    },

    /** Marks what the caller received as read and tells the other party (the 'Lu' mark). */
    async markRead(callerId: number, conversationId: number): Promise<void> {
      const c = await ownConversation(callerId, conversationId);
      const now = clock.now();
      await repo.markRead(c, callerId, now);
      const event = { conversationId: c.id, readerId: callerId, readAt: now.toISOString() };
      // The caller's own other tabs clear their dot and badge too.
      notifier.messagesRead([otherOf(c, callerId), callerId], event);
    },

    /**
     * For other modules (carpool): has `blockerId` blocked `blockedId` in their conversation?
     * `tx`: read inside the caller's transaction, which holds a pool connection already.
     */
    async hasBlocked(blockerId: number, blockedId: number, tx?: Tx): Promise<boolean> {
      const c = await repo.findConversationByPair(blockerId, blockedId, tx);
      return c?.blockedByUserId === blockerId;
    },

    async block(callerId: number, conversationId: number): Promise<void> {
      const c = await ownConversation(callerId, conversationId);
      if (!(await repo.block(c.id, callerId))) throw new AppError('CONFLICT', M.alreadyBlocked);
      // After the change is stored: the other member's open chat closes its composer at once,
      // and the blocker's other tabs show 'Débloquer la conversation'.
      notifier.conversationBlocked([otherOf(c, callerId), callerId], {
        conversationId: c.id,
        blockedByUserId: callerId,
      });
    },

    async unblock(callerId: number, conversationId: number): Promise<void> {
      const c = await ownConversation(callerId, conversationId);
      if (c.blockedByUserId === null) throw new AppError('CONFLICT', M.notBlocked);
      if (!(await repo.unblock(c.id, callerId)))
        throw new AppError('FORBIDDEN', M.onlyBlockerUnblocks);
      notifier.conversationBlocked([otherOf(c, callerId), callerId], {
        conversationId: c.id,
        blockedByUserId: null,
      });
    },

    /** Relays 'typing' to the other member only if both share an unblocked conversation. */
    async typing(callerId: number, conversationId: number): Promise<void> {
      const c = await repo.findConversation(conversationId);
      if (!c || (c.user1Id !== callerId && c.user2Id !== callerId)) return;
      if (c.blockedByUserId !== null) return;
      notifier.typing([otherOf(c, callerId)], { conversationId: c.id, userId: callerId });
    },
  };
}
export type MessagesService = ReturnType<typeof messagesService>;

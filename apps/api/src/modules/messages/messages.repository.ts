import { sqlOf, type Db } from '../../db/client.js';
import type { Tx } from '../../db/tx.js';

const PARTY = { id: true, username: true, status: true, avatarFile: true, avatarVersion: true };
const CONVERSATION = {
  id: true,
  user1Id: true,
  user2Id: true,
  accepted: true,
  blockedByUserId: true,
  user1ReadAt: true,
  user2ReadAt: true,
} as const;

export type ConversationRow = {
  id: number;
  user1Id: number;
  user2Id: number;
  accepted: boolean;
  blockedByUserId: number | null;
  user1ReadAt: Date | null;
  user2ReadAt: Date | null;
};

type Nullable<T, K extends keyof T> = Omit<T, K> & { [P in K]: T[P] | null };

/** A stored message as the service reads it. */
export type MessageRow = {
  id: number;
  conversationId: number;
  senderId: number;
  receiverId: number;
  content: string;
  createdAt: Date;
  readAt: Date | null;
};

/** One pair has one conversation whoever starts it: '<smaller id>:<larger id>'. */
export const pairKeyOf = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/** CarpoolRelation.statusId of a confirmed carpool (reference data). */
const CARPOOL_CONFIRMED = 3;
/** The columns of a stored message as MessageRow names them (RETURNING of the SQL writes). */
const MESSAGE_ROW = `id, conversation_id AS "conversationId", sender_id AS "senderId",
  receiver_id AS "receiverId", content, created_at AS "createdAt", read_at AS "readAt"`;
/** The same columns for Prisma's writes. */
const MESSAGE_SELECT = {
  id: true,
  conversationId: true,
  senderId: true,
  receiverId: true,
  content: true,
  createdAt: true,
  readAt: true,
} as const;

/** The only Prisma access of private messaging. */
export function messagesRepository(db: Db) {
  return {
    findUser: (id: number) => db.user.findUnique({ where: { id }, select: PARTY }),

    findConversationByPair: (
      a: number,
      b: number,
      tx: Tx | Db = db,
    ): Promise<ConversationRow | null> =>
      tx.conversation.findUnique({ where: { pairKey: pairKeyOf(a, b) }, select: CONVERSATION }),

    findConversation: (id: number): Promise<ConversationRow | null> =>
      db.conversation.findUnique({ where: { id }, select: CONVERSATION }),

    /** The message `senderId` already stored under their key `clientId`, if any. */
    findSent: async (senderId: number, clientId: string): Promise<MessageRow | null> =>
      (
        await sqlOf(db).query<MessageRow>(
          `SELECT ${MESSAGE_ROW} FROM messages WHERE sender_id = $1 AND client_id = $2::uuid`,
          [senderId, clientId],
        )
      ).rows[0] ?? null,

    /**
     * Whether `senderId` wrote in the conversation: their first message answers (a count would
     * read the whole thread, 10 000 messages for the longest ones). Ordered like the index
     * messages(conversation_id, created_at, id) so the planner walks it and stops at the first
     * match; a bare EXISTS lets it pick a sequential scan of the table when the sender wrote a
     * large share of all messages (bench/data.bench.ts saw it).
     */
    hasSentIn: async (conversationId: number, senderId: number): Promise<boolean> =>
      ((
        await sqlOf(db).query(
          `SELECT 1 FROM messages WHERE conversation_id = $1 AND sender_id = $2
             ORDER BY created_at, id LIMIT 1`,
          [conversationId, senderId],
        )
      ).rowCount ?? 0) > 0,

    /**
     * What the send path checks, in one SQL statement on the pool (db/client.ts `sqlOf`):
     * the recipient's status (null: no such member), the pair's conversation (null: none yet)
     * and whether the two share a confirmed carpool. Every message waits for these reads; as
     * three ORM queries they cost about a millisecond each (bench/realtime.bench.ts).
     */
    async sendContext(senderId: number, toUserId: number) {
      // The conversation's columns are null when the two members have none yet (LEFT JOIN).
      const { rows } = await sqlOf(db).query<
        Nullable<ConversationRow, 'id'> & { recipientStatus: string | null; carpool: boolean }
      >(
        `SELECT u.status::text AS "recipientStatus", c.id, c.user1_id AS "user1Id",
                c.user2_id AS "user2Id", c.accepted, c.blocked_by_user_id AS "blockedByUserId",
                c.user1_read_at AS "user1ReadAt", c.user2_read_at AS "user2ReadAt",
                EXISTS (SELECT 1 FROM carpool_relations r
                        WHERE r.status_id = $4
                          AND ((r.user1_id = $1 AND r.user2_id = $2)
                            OR (r.user1_id = $2 AND r.user2_id = $1))) AS carpool
         FROM (SELECT 1) AS one
         LEFT JOIN users u ON u.id = $2
         LEFT JOIN conversations c ON c.pair_key = $3`,
        [senderId, toUserId, pairKeyOf(senderId, toUserId), CARPOOL_CONFIRMED],
      );
      const { recipientStatus, carpool, id, ...rest } = rows[0]!;
      const conversation: ConversationRow | null = id === null ? null : { id, ...rest };
      return { recipientStatus, conversation, carpool };
    },

    /**
     * Stores a message in an existing conversation and moves it up the list, in one SQL
     * statement (atomic, one round trip: the hot path of every message). The conversation must
     * still be unblocked when the statement runs, so a block committed after the service's
     * checks still refuses the message: null = not stored (blocked meanwhile, or a message of
     * the sender's with the same `clientId` was stored meanwhile: the service tells which).
     */
    async appendMessage(input: {
      conversationId: number;
      senderId: number;
      receiverId: number;
      content: string;
      now: Date;
      clientId?: string | undefined;
    }): Promise<MessageRow | null> {
      const { rows } = await sqlOf(db).query<MessageRow>(
        `WITH c AS (
           UPDATE conversations SET last_message_at = $5
           WHERE id = $1 AND blocked_by_user_id IS NULL
           RETURNING id)
         INSERT INTO messages (conversation_id, sender_id, receiver_id, content, created_at,
                               client_id)
         SELECT c.id, $2, $3, $4, $5, $6::uuid FROM c
         ON CONFLICT (sender_id, client_id) DO NOTHING
         RETURNING ${MESSAGE_ROW}`,
        [
          input.conversationId,
          input.senderId,
          input.receiverId,
          input.content,
          input.now,
          input.clientId ?? null,
        ],
      );
      return rows[0] ?? null;
    },

    /**
     * The common send, in ONE statement: stores the message when the pair's conversation exists,
     * is accepted and unblocked and the recipient is ACTIVE, and moves the conversation up the
     * list. In that case the rules have nothing more to decide (a shared carpool only matters
     * before acceptance), so a message costs one round trip instead of a read then a write.
     * null = not stored, the service then reads the context and applies every rule (first
     * message, pending request, block, unavailable recipient) to say why or to store it.
     *
     * `senderLogin` (a socket's message, which no per-request caller lookup precedes): the
     * statement also requires that login live, its member ACTIVE and not silenced, the
     * conditions of callerRepository.resolve and plugins/auth.ts `refuseIfSilenced`, so the check
     * costs no round trip of its own (a refused one is explained by the service's slower path).
     *
     * `clientId`: stores nothing (null) when the sender already stored a message under that key,
     * a repeat of a send whose answer was lost; the service's slower path then finds it.
     */
    async appendToOpenConversation(input: {
      senderId: number;
      receiverId: number;
      content: string;
      now: Date;
      senderLogin?: string | undefined;
      clientId?: string | undefined;
    }): Promise<MessageRow | null> {
      const login = input.senderLogin
        ? `AND EXISTS (SELECT 1 FROM users s JOIN sessions ss ON ss.user_id = s.id
                        WHERE s.id = $1 AND s.status = 'ACTIVE' AND ss.family_id = $7::uuid
                          AND (s.silenced_until IS NULL OR s.silenced_until <= $4)
                          AND ss.revoked_at IS NULL AND ss.expires_at > $4)`
        : '';
      // The repeat check keeps a repeat from moving the conversation up the list; the
      // ON CONFLICT covers two attempts of one message arriving at the same instant.
      const repeat = input.clientId
        ? `AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.sender_id = $1 AND m.client_id = $6::uuid)`
        : '';
      const { rows } = await sqlOf(db).query<MessageRow>(
        `WITH c AS (
           UPDATE conversations SET last_message_at = $4
           WHERE pair_key = $5 AND accepted AND blocked_by_user_id IS NULL
             AND (SELECT u.status FROM users u WHERE u.id = $2) = 'ACTIVE'
             ${repeat}
             ${login}
           RETURNING id)
         INSERT INTO messages (conversation_id, sender_id, receiver_id, content, created_at,
                               client_id)
         SELECT c.id, $1, $2, $3, $4, $6::uuid FROM c
         ON CONFLICT (sender_id, client_id) DO NOTHING
         RETURNING ${MESSAGE_ROW}`,
        [
          input.senderId,
          input.receiverId,
          input.content,
          input.now,
          pairKeyOf(input.senderId, input.receiverId),
          input.clientId ?? null,
          ...(input.senderLogin ? [input.senderLogin] : []),
        ],
      );
      return rows[0] ?? null;
    },

    /**
     * Creates the conversation (user1 = sender) and stores its first message, in one
     * transaction. A concurrent creation of the same pair fails on the unique pairKey and is
     * retried by the service.
     */
    startConversation: (input: {
      create: { user1Id: number; user2Id: number; accepted: boolean };
      content: string;
      now: Date;
      clientId?: string | undefined;
    }): Promise<MessageRow> =>
      db.$transaction(async (tx) => {
        const { user1Id, user2Id } = input.create;
        const created = await tx.conversation.create({
          data: {
            ...input.create,
            pairKey: pairKeyOf(user1Id, user2Id),
            createdAt: input.now,
            lastMessageAt: input.now,
          },
          select: { id: true },
        });
        return tx.message.create({
          data: {
            conversationId: created.id,
            senderId: user1Id,
            receiverId: user2Id,
            content: input.content,
            createdAt: input.now,
            clientId: input.clientId ?? null,
          },
          select: MESSAGE_SELECT,
        });
      }),

    /**
     * Newest first by (createdAt, id), skipping `offset`; the service reverses the page. Plain
     * SQL on the pool: every conversation opened reads it (the index
     * messages(conversation_id, created_at, id) gives the page backwards, whatever the length).
     */
    pageNewestFirst: async (
      conversationId: number,
      offset: number,
      take: number,
    ): Promise<MessageRow[]> =>
      (
        await sqlOf(db).query<MessageRow>(
          `SELECT id, conversation_id AS "conversationId", sender_id AS "senderId",
                  receiver_id AS "receiverId", content, created_at AS "createdAt",
                  read_at AS "readAt"
           FROM messages WHERE conversation_id = $1
           ORDER BY created_at DESC, id DESC OFFSET $2 LIMIT $3`,
          [conversationId, offset, take],
        )
      ).rows,

    /** The caller's conversations with the other party, most recent activity first. */
    listFor: (userId: number) =>
      db.conversation.findMany({
        where: { OR: [{ user1Id: userId }, { user2Id: userId }] },
        orderBy: [{ lastMessageAt: { sort: 'desc', nulls: 'last' } }, { id: 'desc' }],
        select: { ...CONVERSATION, user1: { select: PARTY }, user2: { select: PARTY } },
      }),

    /** Conversation ids among `ids` where `userId` has received unread messages. */
    async unreadConversationIds(userId: number): Promise<Set<number>> {
      const rows = await db.message.groupBy({
        by: ['conversationId'],
        where: { receiverId: userId, readAt: null },
      });
      return new Set(rows.map((r) => r.conversationId));
    },

    /**
     * Messages of suspended members are hidden, so they are not counted either. Plain SQL on
     * the pool: the navbar badge asks on every page. The sender's status is a subquery per
     * unread message (through users_pkey): as a join, the planner, expecting many unread rows
     * for a member who receives a lot, hashed the whole users table (bench/data.bench.ts saw
     * 30 ms at 10 000 members for 25 unread messages).
     */
    countUnread: async (userId: number): Promise<number> =>
      (
        await sqlOf(db).query<{ n: number }>(
          `SELECT count(*)::int AS n FROM messages m
           WHERE m.receiver_id = $1 AND m.read_at IS NULL
             AND (SELECT s.status FROM users s WHERE s.id = m.sender_id) <> 'SUSPENDED'`,
          [userId],
        )
      ).rows[0]!.n,

    setAccepted: (id: number) =>
      db.conversation.update({ where: { id }, data: { accepted: true }, select: { id: true } }),

    /** Sets the reader's cursor and marks what they received as read. */
    markRead: (conversation: ConversationRow, readerId: number, now: Date) =>
      db.$transaction([
        db.conversation.update({
          where: { id: conversation.id },
          data: conversation.user1Id === readerId ? { user1ReadAt: now } : { user2ReadAt: now },
          select: { id: true },
        }),
        db.message.updateMany({
          where: { conversationId: conversation.id, receiverId: readerId, readAt: null },
          data: { readAt: now },
        }),
      ]),

    /** Conditional: only when nobody blocked it yet. false = already blocked. */
    async block(id: number, blockerId: number): Promise<boolean> {
      const { count } = await db.conversation.updateMany({
        where: { id, blockedByUserId: null },
        data: { blockedByUserId: blockerId },
      });
      return count === 1;
    },

    /** Conditional: only the blocker lifts it. false = not blocked by them. */
    async unblock(id: number, blockerId: number): Promise<boolean> {
      const { count } = await db.conversation.updateMany({
        where: { id, blockedByUserId: blockerId },
        data: { blockedByUserId: null },
      });
      return count === 1;
    },
  };
}
export type MessagesRepository = ReturnType<typeof messagesRepository>;

import { sqlOf, type Db } from '../../db/client.js';

const PARTY = { id: true, pseudo: true, status: true, avatarFile: true, avatarVersion: true };
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

/** The only Prisma access of private messaging. */
export function messagesRepository(db: Db) {
  return {
    findUser: (id: number) => db.user.findUnique({ where: { id }, select: PARTY }),

    findConversationByPair: (a: number, b: number): Promise<ConversationRow | null> =>
      db.conversation.findUnique({ where: { pairKey: pairKeyOf(a, b) }, select: CONVERSATION }),

    findConversation: (id: number): Promise<ConversationRow | null> =>
      db.conversation.findUnique({ where: { id }, select: CONVERSATION }),

    /** True when the two members share a confirmed carpool, for any match. */
    async shareConfirmedCarpool(a: number, b: number): Promise<boolean> {
      const found = await db.carpoolRelation.findFirst({
        where: {
          statusId: CARPOOL_CONFIRMED,
          OR: [
            { user1Id: a, user2Id: b },
            { user1Id: b, user2Id: a },
          ],
        },
        select: { id: true },
      });
      return found !== null;
    },

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
     * Stores a message and moves the conversation up the list, in one transaction; creates the
     * conversation first when `create` is given (user1 = sender). A concurrent creation of the
     * same pair fails on the unique pairKey and is retried by the service.
     */
    storeMessage: (input: {
      conversationId: number | null;
      create?: { user1Id: number; user2Id: number; accepted: boolean };
      senderId: number;
      receiverId: number;
      content: string;
      now: Date;
    }) =>
      db.$transaction(async (tx) => {
        let conversationId = input.conversationId;
        if (conversationId === null && input.create) {
          const created = await tx.conversation.create({
            data: {
              ...input.create,
              pairKey: pairKeyOf(input.create.user1Id, input.create.user2Id),
              createdAt: input.now,
            },
            select: { id: true },
          });
          conversationId = created.id;
        }
        if (conversationId === null) throw new Error('conversation manquante');
        await tx.conversation.update({
          where: { id: conversationId },
          data: { lastMessageAt: input.now },
        });
        return tx.message.create({
          data: {
            conversationId,
            senderId: input.senderId,
            receiverId: input.receiverId,
            content: input.content,
            createdAt: input.now,
          },
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
